// A test script for semver 7.5.4 (the package is this suite's project
// root): parsing, comparison, increments, ranges and their set operations.
'use strict'
const assert = require('assert')
const semver = require('..')

let n = 0
const t = (name, fn) => { fn(); n++ }

t('valid and clean', () => {
  assert.strictEqual(semver.valid('1.2.3'), '1.2.3')
  assert.strictEqual(semver.valid('v1.2.3-beta.1+build.5'), '1.2.3-beta.1')
  assert.strictEqual(semver.valid('a.b.c'), null)
  assert.strictEqual(semver.clean('  =v2.0.0   '), '2.0.0')
  assert.strictEqual(semver.clean('~1.0.0'), null)
  assert.strictEqual(semver.parse('1.2.3-alpha.7').prerelease.join(), 'alpha,7')
  assert.strictEqual(semver.major('4.5.6'), 4)
  assert.strictEqual(semver.minor('4.5.6'), 5)
  assert.strictEqual(semver.patch('4.5.6'), 6)
  assert.deepStrictEqual(semver.prerelease('1.2.3-rc.1'), ['rc', 1])
})

t('compare', () => {
  assert.ok(semver.gt('1.2.4', '1.2.3'))
  assert.ok(semver.lt('1.2.3-alpha', '1.2.3'))
  assert.ok(semver.gte('2.0.0', '2.0.0'))
  assert.ok(semver.lte('0.9.9', '1.0.0'))
  assert.ok(semver.eq('1.0.0', 'v1.0.0'))
  assert.ok(semver.neq('1.0.0', '1.0.1'))
  assert.strictEqual(semver.compare('1.0.0-alpha.1', '1.0.0-alpha.beta'), -1)
  assert.strictEqual(semver.rcompare('1.0.0', '2.0.0'), 1)
  assert.strictEqual(semver.compareLoose('1.2.3', '=1.2.3'), 0)
  assert.strictEqual(semver.compareBuild('1.0.0+2', '1.0.0+1'), 1)
  assert.ok(semver.cmp('1.0.0', '<', '1.0.1'))
  assert.ok(semver.cmp('1.0.0', '===', '1.0.0'))
  assert.ok(semver.cmp('1.0.0', '!=', '1.0.1'))
  assert.deepStrictEqual(semver.sort(['1.10.0', '1.2.0', '1.2.0-rc.1']), ['1.2.0-rc.1', '1.2.0', '1.10.0'])
  assert.deepStrictEqual(semver.rsort(['0.1.0', '0.10.0', '0.2.0']), ['0.10.0', '0.2.0', '0.1.0'])
  assert.throws(() => semver.cmp('1.0.0', '~', '1.0.0'))
})

t('inc and diff', () => {
  assert.strictEqual(semver.inc('1.2.3', 'major'), '2.0.0')
  assert.strictEqual(semver.inc('1.2.3', 'minor'), '1.3.0')
  assert.strictEqual(semver.inc('1.2.3', 'patch'), '1.2.4')
  assert.strictEqual(semver.inc('1.2.3', 'prerelease', 'beta'), '1.2.4-beta.0')
  assert.strictEqual(semver.inc('1.2.4-beta.0', 'prerelease'), '1.2.4-beta.1')
  assert.strictEqual(semver.inc('1.2.3', 'premajor', 'rc'), '2.0.0-rc.0')
  assert.strictEqual(semver.inc('1.2.3', 'preminor'), '1.3.0-0')
  assert.strictEqual(semver.inc('1.2.3', 'nope'), null)
  assert.strictEqual(semver.diff('1.2.3', '2.0.0'), 'major')
  assert.strictEqual(semver.diff('1.2.3', '1.3.0'), 'minor')
  assert.strictEqual(semver.diff('1.2.3', '1.2.3'), null)
  assert.strictEqual(semver.diff('1.2.3-rc.1', '1.2.3'), 'patch')
})

t('coerce', () => {
  assert.strictEqual(semver.coerce('v3').version, '3.0.0')
  assert.strictEqual(semver.coerce('version 4.2 of it').version, '4.2.0')
  assert.strictEqual(semver.coerce('1.2.3.4.5', { rtl: true }).version, '3.4.5')
  assert.strictEqual(semver.coerce('no digits'), null)
})

t('ranges', () => {
  assert.ok(semver.satisfies('1.2.3', '^1.0.0'))
  assert.ok(!semver.satisfies('2.0.0', '^1.0.0'))
  assert.ok(semver.satisfies('1.2.3', '1.x || >=2.5.0 || 5.0.0 - 7.2.3'))
  assert.ok(semver.satisfies('1.3.0-beta', '>=1.2.0', { includePrerelease: true }))
  assert.strictEqual(semver.validRange('~1.2'), '>=1.2.0 <1.3.0-0')
  assert.strictEqual(semver.validRange('not a range'), null)
  assert.strictEqual(semver.maxSatisfying(['1.2.3', '1.2.4', '1.3.0'], '~1.2.0'), '1.2.4')
  assert.strictEqual(semver.minSatisfying(['1.2.3', '1.2.4', '1.3.0'], '^1.2.0'), '1.2.3')
  assert.strictEqual(semver.minVersion('>=1.0.0 <2').version, '1.0.0')
  assert.strictEqual(semver.minVersion('>1.0.0').version, '1.0.1')
  assert.ok(semver.gtr('2.0.0', '^1.0.0'))
  assert.ok(semver.ltr('0.5.0', '^1.0.0'))
  assert.ok(!semver.outside('1.5.0', '^1.0.0', '>'))
  assert.ok(semver.intersects('^1.2.0', '>=1.5.0 <3'))
  assert.ok(!semver.intersects('<1.0.0', '>2.0.0'))
  assert.strictEqual(semver.simplifyRange(['1.0.0', '1.1.0', '1.2.0', '2.0.0'], '1.0.0 || 1.1.0 || 1.2.0'), '<=1.2.0')
  assert.ok(semver.subset('^1.2.0', '^1.0.0'))
  assert.ok(!semver.subset('^2.0.0', '^1.0.0'))
  assert.deepStrictEqual(semver.toComparators('^1.2'), [['>=1.2.0', '<2.0.0-0']])
})

t('classes', () => {
  const v = new semver.SemVer('1.2.3-pre+meta')
  assert.strictEqual(v.format(), '1.2.3-pre')
  assert.deepStrictEqual(v.build, ['meta'])
  const c = new semver.Comparator('>=1.2.3')
  assert.ok(c.test('1.3.0'))
  assert.ok(c.intersects(new semver.Comparator('<2.0.0')))
  const r = new semver.Range('>=1.0.0 <1.5.0 || 3.x')
  assert.ok(r.test('3.1.4'))
  assert.strictEqual(r.set.length, 2)
  assert.throws(() => new semver.SemVer('nonsense'), TypeError)
})

console.log(`semver: ${n} tests passed`)
