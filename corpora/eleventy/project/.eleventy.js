// Eleventy configuration of the corpus's blog (CommonJS: eleventy 1 and 2).
module.exports = function (config) {
  config.setDataDeepMerge(true);
  config.addFilter("isoDate", (d) => new Date(d).toISOString());
  config.addFilter("readableDate", (d) =>
    new Date(d).toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }));
  config.addFilter("absoluteUrl", (path, base) => new URL(path, base).href);
  config.addFilter("head", (items, n) => (n < 0 ? items.slice(n) : items.slice(0, n)));
  config.addFilter("newestDate", (items) =>
    new Date(Math.max(...items.map((item) => new Date(item.date).getTime()))));
  config.addFilter("withoutCollections", (tags) =>
    (tags || []).filter((tag) => !["all", "posts", "packages"].includes(tag)));
  config.addCollection("posts", (api) =>
    api.getFilteredByGlob("site/posts/*.md").sort((a, b) => a.date - b.date || (a.inputPath < b.inputPath ? -1 : 1)));
  config.addCollection("packages", (api) => api.getFilteredByGlob("site/packages/*.md"));
  config.addCollection("tagList", (api) => {
    const tags = new Set();
    for (const item of api.getAll()) for (const tag of item.data.tags || []) tags.add(tag);
    return [...tags].filter((tag) => !["all", "posts", "packages"].includes(tag)).sort();
  });
  config.addShortcode("buildStamp", (build) => `${build.local} (${build.zone})`);
  config.addPairedShortcode("note", (content, kind) => `<aside class="note note-${kind}">${content}</aside>`);
  return {
    dir: { input: "site", includes: "_includes", data: "_data" },
    templateFormats: ["md", "njk", "liquid", "html"],
    markdownTemplateEngine: false,
    htmlTemplateEngine: "njk",
  };
};
