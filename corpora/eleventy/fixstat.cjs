// Preloaded (node --require) into the repeatable runs only (smart mutate's,
// the release runs): every file's times read as 2023-06-01 12:00 UTC, so the
// undated pages, which eleventy dates by their file's creation time, repeat
// from one scratch copy of the project to the next.
const fs = require("fs");
const T = Date.UTC(2023, 5, 1, 12, 0, 0);
function fix(st) {
  if (st && typeof st === "object" && "birthtimeMs" in st) {
    for (const k of ["atime", "mtime", "ctime", "birthtime"]) {
      st[k + "Ms"] = T;
      st[k] = new Date(T);
    }
  }
  return st;
}
for (const name of ["statSync", "lstatSync"]) {
  const orig = fs[name];
  fs[name] = function (...a) { return fix(orig.apply(this, a)); };
}
for (const name of ["stat", "lstat"]) {
  const orig = fs.promises[name];
  fs.promises[name] = async function (...a) { return fix(await orig.apply(this, a)); };
  const cb = fs[name];
  fs[name] = function (...a) {
    const f = a[a.length - 1];
    if (typeof f === "function") a[a.length - 1] = (e, st) => f(e, fix(st));
    return cb.apply(this, a);
  };
}
