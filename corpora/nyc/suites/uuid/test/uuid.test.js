// A test script for uuid 8.3.2 (the package is this suite's project root;
// its CommonJS build, dist/, is measured).  Version 1 gets every field it
// would read from the clock or the random source, so coverage does not
// depend on either.
'use strict'
const assert = require('assert')
const uuid = require('../dist/index.js')

const id1 = uuid.v1({ node: [1, 2, 3, 4, 5, 6], clockseq: 0x1234, msecs: 1500000000000, nsecs: 5678 })
assert.strictEqual(id1, 'bb22d62e-683d-11e7-9234-010203040506')
const buf = Buffer.alloc(20)
uuid.v1({ node: [1, 2, 3, 4, 5, 6], clockseq: 1, msecs: 0, nsecs: 0 }, buf, 4)
assert.strictEqual(buf[4 + 6] >> 4, 1)
assert.strictEqual(uuid.v3('hello.example.com', uuid.v3.DNS), '9125a8dc-52ee-365b-a5aa-81b0b3681cf6')
assert.strictEqual(uuid.v5('hello.example.com', uuid.v5.DNS), 'fdda765f-fc57-5604-a269-52a7df8164ec')
const r = uuid.v4({ random: Array.from({ length: 16 }, (_, i) => i * 7) })
assert.strictEqual(r, '00070e15-1c23-4a31-b83f-464d545b6269')
assert.ok(uuid.validate(uuid.v4()))
assert.ok(!uuid.validate('not-a-uuid'))
assert.strictEqual(uuid.version(id1), 1)
assert.strictEqual(uuid.version(r), 4)
assert.throws(() => uuid.version('bad'), TypeError)
assert.strictEqual(uuid.NIL, '00000000-0000-0000-0000-000000000000')
const bytes = uuid.parse(id1)
assert.strictEqual(bytes.length, 16)
assert.strictEqual(uuid.stringify(bytes), id1)
assert.throws(() => uuid.parse('zzz'), TypeError)
assert.throws(() => uuid.v3('x', 'not a namespace'), TypeError)
console.log('uuid: all assertions passed')
