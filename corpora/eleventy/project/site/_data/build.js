// Build stamp: when the site was built (SOURCE_DATE_EPOCH if set, for
// reproducible builds; the clock otherwise), in the builder's time zone and
// locale, and a cache-busting token for the style sheet.
module.exports = function () {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const now = epoch ? new Date(Number(epoch) * 1000) : new Date(Date.now());
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    now,
    iso: now.toISOString(),
    local: now.toLocaleString(undefined, { dateStyle: "full", timeStyle: "long" }),
    zone,
    year: now.getFullYear(),
    token: now.getTime().toString(36),
    node: process.version,
  };
};
