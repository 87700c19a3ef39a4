/*
 * The library's version, recorded in every model it writes (a model's
 * provenance) and printed by `smart version`. Its own header, so that a
 * module needing only the version does not include the whole API.
 */
#ifndef SMART_VERSION_H
#define SMART_VERSION_H

#define SMART_VERSION "0.1.0"

#endif
