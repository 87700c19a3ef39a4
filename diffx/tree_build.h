/*
 * Internals of the tree builder, shared by tree_build.c (the steps that
 * emit the nodes, the walk over a whole libxml2 tree that drives them, and
 * the pass that finishes the array), tree_stream.c (the same steps driven
 * by libxml2's SAX callbacks while it parses, so that its own tree never
 * exists whole) and tree_build_store.c (what the nodes point to: interned
 * names, clean text in the arena, and sorted attribute sets).
 */
#ifndef SMART_DIFFX_TREE_BUILD_H
#define SMART_DIFFX_TREE_BUILD_H

#include <stdint.h>

#include <libxml/parser.h>

#include "tree_internal.h"
#include "common/strbuf.h"

/* How a frame keeps the white space of its text (tree_build.c,
 * keeps_white_space): runs of it, or runs and texts that are nothing else. */
enum { KEEP_SPACES = 1, KEEP_LITERAL = 2 };

typedef struct frame {
	uint32_t index;      /* our node for this libxml2 element */
	uint32_t last_child; /* our last child emitted so far */
	xmlNodePtr next;     /* the walk: next libxml2 child still to visit */
	xmlNodePtr dom;      /* streaming: the libxml2 element this frame
	                      * mirrors (NULL for the document's frame) */
	int preserve;        /* inside <pre> and friends: KEEP_SPACES or KEEP_LITERAL */
} frame;

/* The libxml2 SAX callbacks tree_stream.c wraps, as they were before. */
typedef struct stream_saved {
	startElementSAXFunc start_element;
	endElementSAXFunc end_element;
	startElementNsSAX2Func start_element_ns;
	endElementNsSAX2Func end_element_ns;
	charactersSAXFunc characters;
	charactersSAXFunc ignorable_whitespace;
	cdataBlockSAXFunc cdata_block;
	referenceSAXFunc reference;
	commentSAXFunc comment;
	processingInstructionSAXFunc processing_instruction;
} stream_saved;

typedef struct builder {
	smart_tree *tree;
	size_t node_cap;      /* smart__array_reserve's capacities */
	size_t attr_cap;
	size_t name_cap;
	uint32_t *name_slots; /* open-addressing table of name_id + 1 */
	uint32_t slot_count;
	frame *stack;
	size_t depth;
	size_t stack_cap;
	smart_strbuf pending; /* raw text waiting to become one text node */
	smart_strbuf scratch;
	unsigned char keeps[64]; /* keeps_white_space of the names with ids
	                          * below 64, plus one; 0: not asked yet */
	size_t flat_from;     /* frames from this index on hand their content
	                       * to the frame before it (HTML's depth cap while
	                       * streaming); SIZE_MAX: never */
	/* Streaming only (tree_stream.c). */
	xmlParserCtxtPtr ctxt; /* the parse being mirrored */
	int failed;            /* out of memory while streaming */
	int out_of_step;       /* libxml2 put a node where the stream cannot
	                        * follow: build from its whole tree instead */
	stream_saved saved;
} builder;

/* Elements nested deeper than this are laid out as siblings at this depth,
 * as browsers' HTML tree builders do (Chromium and WebKit cap the DOM depth
 * of parsed markup at 512 the same way): nothing is dropped, and no later
 * stage ever meets a pathological depth (tree_parse.c flattens libxml2's
 * tree, tree_stream.c the stream). */
#define HTML_MAX_DEPTH 512

/* Starts a tree in b: the document node and its frame. 0, or -1 when out
 * of memory. */
int smart__tree_build_begin(builder *b);

/* Emits libxml2 element x under the current frame and opens a frame for
 * it, whose walk starts at `first_child` (NULL when streaming). */
int smart__tree_build_element(builder *b, xmlNodePtr x, xmlNodePtr first_child);

/* Emits an element named `name` under the current frame and opens a frame
 * for it, for a walk over a tree that is not libxml2's (tree_html5_build.c:
 * gumbo's): its attributes follow (smart__tree_build_attribute, then
 * smart__tree_build_sort_attributes). Its index, or SMART_NONE when out of
 * memory. */
uint32_t smart__tree_build_open(builder *b, const char *name);

/* Emits a comment or processing instruction (x) under the current frame. */
int smart__tree_build_marker(builder *b, xmlNodePtr x, smart_node_kind kind);

/* The same from its name ("#comment", or a PI's target) and its content. */
int smart__tree_build_marker_text(builder *b, smart_node_kind kind, const char *name,
				  const char *content);

/* Records the document type declaration as it is written back:
 * <!DOCTYPE name PUBLIC "id" "uri">, <!DOCTYPE name SYSTEM "uri"> or
 * <!DOCTYPE name> (public_id, system_id NULL when absent). Only the
 * declaration, never an internal subset's entity definitions (they are
 * not expanded, and never written). 0, or -1 when out of memory. */
int smart__tree_build_doctype(smart_tree *tree, const char *name, const char *public_id,
			      const char *system_id);

/* Sizes b's node and attribute arrays for a page whose limits scan counted
 * `counts` (tree_build_store.c): about two nodes a tag (its element and a
 * text; measured over the corpora's pages, a page has 1.2 to 1.7 nodes a
 * tag, a small one up to 3.7), so that a page's array is allocated once
 * instead of doubled about log2(nodes / 256) times, each doubling copying
 * the array into fresh pages (on the bench pair, half of classify's page
 * faults). A page with more nodes goes on doubling from there; memory
 * reserved and not used is given back by the tree's shrink to fit. Only
 * a hint: nothing fails when it cannot be had. */
void smart__tree_build_reserve(builder *b, const smart__page_counts *counts);

/* How the element at `index` keeps the white space of its text (0,
 * KEEP_SPACES or KEEP_LITERAL, by its name: tree_build_store.c), asked of
 * each name once per tree: every element of a page asks it, and a name's
 * answer never changes. */
int smart__tree_build_keeps(builder *b, uint32_t index);

/* Closes the current frame: its text becomes a node. */
int smart__tree_build_close(builder *b);

/* The finished tree of b (NULL with err set when out of memory), with the
 * document type of `doc`; b is released either way. */
smart_tree *smart__tree_build_end(builder *b, xmlDocPtr doc, smart_format format,
			   const char *name, smart_error *err);

/* Releases b and any tree it holds. */
void smart__tree_build_discard(builder *b);

/* Streaming (tree_stream.c): routes ctxt's SAX callbacks through b, so
 * that b mirrors the tree libxml2 builds while libxml2 frees each part
 * as soon as b has it. b must be begun; call before the parse. */
void smart__tree_stream_attach(builder *b, xmlParserCtxtPtr ctxt);

/* Returns the id of `name` in this tree, adding it when new; SMART_NONE when
 * out of memory (tree_build_store.c). */
uint32_t smart__tree_build_intern_name(builder *b, const char *name);

/* Copies `len` bytes of text into the arena as clean UTF-8 (collapsing
 * white space when `collapse`); its length into *out_len when given. NULL
 * when out of memory. */
const char *smart__tree_build_store_text(builder *b, const char *s, size_t len,
				  int collapse, uint32_t *out_len);

/* Writes "prefix:local" (or "local") into `out`; sets *oom when out of
 * memory. */
void smart__tree_build_qualified_name(const xmlNs *ns, const xmlChar *local,
			       smart_strbuf *out, int *oom);

/* Adds the attributes of libxml2 element x to node `index` as a set sorted
 * by name; 0, or -1 when out of memory. */
int smart__tree_build_add_attributes(builder *b, uint32_t index, const xmlNode *x);

/* Adds an HTML element's attributes from libxml2's SAX start tag (name,
 * value pairs, NULL-ended; a value NULL when the tag has none) to node
 * `index`, as smart__tree_build_add_attributes would from the attribute
 * nodes libxml2 makes of them; 0, or -1 when out of memory. */
int smart__tree_build_add_sax_attributes(builder *b, uint32_t index, const xmlChar **atts);

/* Appends one attribute (its qualified name and value, raw bytes: stored
 * clean) to the tree's attributes, for the element just opened. 0, or -1
 * when out of memory. */
int smart__tree_build_attribute(builder *b, const char *name, size_t name_len, const char *value,
				size_t value_len);

/* Makes the attributes appended since `first` node `index`'s, as a set
 * sorted by name, the first of duplicate names winning. 0. */
int smart__tree_build_sort_attributes(builder *b, uint32_t index, uint32_t first);

#endif
