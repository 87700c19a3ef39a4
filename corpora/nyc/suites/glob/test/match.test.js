// A test script for minimatch 3.1.2 and the brace-expansion 1.1.11,
// balanced-match 1.0.2 and concat-map 0.0.1 it depends on (all installed under
// node_modules/ and measured there).
'use strict'
const assert = require('assert')
const minimatch = require('minimatch')
const expand = require('brace-expansion')
const balanced = require('balanced-match')

const cases = [
  ['a.js', '*.js', true],
  ['src/a.js', '*.js', false],
  ['src/a.js', '**/*.js', true],
  ['src/deep/x/a.ts', 'src/**/*.{js,ts}', true],
  ['.hidden', '*', false],
  ['b.txt', '[a-c].txt', true],
  ['d.txt', '[!a-c].txt', true],
  ['ab', 'a?', true],
  ['abc', '+(a|b|c)', true],
  ['x.min.js', '!(*.min).js', true],
  ['x.js', '!(*.min).js', true],
  ['lib/index.js', 'lib/@(index|main).js', true],
  ['LIB/INDEX.JS', 'lib/*.js', false]
]
for (const [file, pattern, want] of cases) {
  assert.strictEqual(minimatch(file, pattern), want, `${file} ${pattern}`)
}
assert.ok(minimatch('.hidden', '*', { dot: true }))
assert.ok(minimatch('LIB/INDEX.JS', 'lib/*.js', { nocase: true }))
assert.ok(minimatch('a/b/c.md', 'c.md', { matchBase: true }))
assert.ok(!minimatch('#comment', '#comment'))
assert.ok(minimatch('{a,b}', '{a,b}', { nobrace: true }))
assert.deepStrictEqual(minimatch.match(['a.js', 'b.md', 'c.js'], '*.js'), ['a.js', 'c.js'])
assert.deepStrictEqual(minimatch.match(['x'], '*.none', { nonull: true }), ['*.none'])
const f = minimatch.filter('*.md')
assert.deepStrictEqual(['a.md', 'b.js'].filter(f), ['a.md'])
assert.ok(minimatch.makeRe('*.{png,jpg}').test('x.png'))
assert.ok(minimatch.makeRe('[z-a]').test('[z-a]'))
const m = new minimatch.Minimatch('src/**/!(*.test).js', { flipNegate: false })
assert.ok(m.match('src/a/b.js'))
assert.ok(!m.match('src/a/b.test.js'))
assert.ok(new minimatch.Minimatch('!*.js').negate)
assert.deepStrictEqual(minimatch.braceExpand('a{1..3}'), ['a1', 'a2', 'a3'])

assert.deepStrictEqual(expand('file-{a,b,c}.jpg'), ['file-a.jpg', 'file-b.jpg', 'file-c.jpg'])
assert.deepStrictEqual(expand('{01..03}'), ['01', '02', '03'])
assert.deepStrictEqual(expand('{a..e..2}'), ['a', 'c', 'e'])
assert.deepStrictEqual(expand('{5..1..2}'), ['5', '3', '1'])
assert.deepStrictEqual(expand('a{b,c{d,e}}f'), ['abf', 'acdf', 'acef'])
assert.deepStrictEqual(expand('no braces'), ['no braces'])

const b = balanced('{', '}', 'pre{in{nest}}post')
assert.deepStrictEqual([b.pre, b.body, b.post], ['pre', 'in{nest}', 'post'])
assert.strictEqual(balanced('{', '}', 'nope'), undefined)
assert.deepStrictEqual(balanced.range('(', ')', 'a(b)c'), [1, 3])
assert.ok(balanced(/\s+\{\s+/, /\s+\}\s+/, 'pre  {   in  }  post'))
console.log('glob: all assertions passed')
