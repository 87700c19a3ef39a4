// Directory data of the posts (their Markdown is not run through a template
// engine, so the permalink is a function).
module.exports = {
  layout: "post.njk",
  permalink: (data) => `/blog/${data.page.fileSlug}/`,
};
