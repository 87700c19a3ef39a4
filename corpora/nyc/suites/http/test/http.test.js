// A test script for four small HTTP utilities (copied into vendor/):
// ms 2.1.3, cookie 0.5.0 and path-to-regexp 0.1.7; escape-html 1.0.3 is
// never required (reported as not covered, "all": true).
'use strict'
const assert = require('assert')
const ms = require('../vendor/ms')
const cookie = require('../vendor/cookie')
const pathToRegexp = require('../vendor/path-to-regexp')

assert.strictEqual(ms('2 days'), 172800000)
assert.strictEqual(ms('1.5h'), 5400000)
assert.strictEqual(ms('-3 mins'), -180000)
assert.strictEqual(ms('10'), 10)
assert.strictEqual(ms(60000), '1m')
assert.strictEqual(ms(2 * 60 * 60 * 1000, { long: true }), '2 hours')
assert.strictEqual(ms(1000, { long: true }), '1 second')
assert.strictEqual(ms('nonsense'), undefined)
assert.throws(() => ms({}))

assert.deepStrictEqual(cookie.parse('foo=bar; equation=E%3Dmc%5E2; q="quoted"'),
  { foo: 'bar', equation: 'E=mc^2', q: 'quoted' })
assert.deepStrictEqual(cookie.parse('a=1; a=2; broken'), { a: '1' })
assert.strictEqual(cookie.serialize('sid', 'a b', { httpOnly: true, path: '/', maxAge: 60 }),
  'sid=a%20b; Max-Age=60; Path=/; HttpOnly')
assert.strictEqual(cookie.serialize('x', 'y', { sameSite: 'strict', secure: true, priority: 'high' }),
  'x=y; Secure; Priority=High; SameSite=Strict')
assert.strictEqual(cookie.serialize('x', 'y', { expires: new Date(0) }),
  'x=y; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
assert.throws(() => cookie.serialize('bad\nname', 'v'), TypeError)
assert.throws(() => cookie.serialize('x', 'y', { sameSite: 'sideways' }), TypeError)

const keys = []
const re = pathToRegexp('/users/:id/:action?', keys)
assert.deepStrictEqual(keys.map((k) => [k.name, k.optional]), [['id', false], ['action', true]])
assert.deepStrictEqual(Array.from(re.exec('/users/42/edit')).slice(1), ['42', 'edit'])
assert.ok(re.test('/users/42'))
assert.ok(!re.test('/posts/42'))
const star = pathToRegexp('/files/*', [], { end: false })
assert.ok(star.test('/files/a/b/c.txt/more'))
assert.ok(pathToRegexp(['/a', '/b'], []).test('/b'))
assert.ok(pathToRegexp(/^\/raw$/, []).test('/raw'))
assert.ok(pathToRegexp('/Case', [], { sensitive: true }).test('/Case'))
console.log('http: all assertions passed')
