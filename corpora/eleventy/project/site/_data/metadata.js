// Site metadata; the site's URL is where it is served (SITE_URL: the
// preview server's host and port, or the production host).
module.exports = {
  title: "Release Notes",
  description: "Release notes and READMEs of a few npm packages, one post per release.",
  url: process.env.SITE_URL || "http://localhost:8080/",
  author: { name: "The Release Notes bot", email: "notes@example.org" },
  language: "en",
};
