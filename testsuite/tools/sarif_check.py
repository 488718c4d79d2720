#!/usr/bin/python3
"""Check cachelint's SARIF output: against the OASIS SARIF 2.1.0 JSON schema
(sarif-schema-2.1.0.json beside this script: an unmodified copy of
github.com/oasis-tcs/sarif-spec sarif-2.1/schema/sarif-schema-2.1.0.json,
Errata 01, sha256 c3b4bb2d...2682e), and structurally: rules, results,
locations relative to the source root, related locations and fingerprints.
A missing schema or python3-jsonschema is a failure, not a skip; an empty
SCHEMA_FILE argument ('') says that the shared data folder holding it is
absent (a user's own clone): the structural checks still run, and the last
line says the schema was not checked.

usage: sarif_check.py SARIF_FILE SCHEMA_FILE [--results N]
"""
import argparse
import json
import os
import sys

# The stable rules, in their order (the SARIF ruleIndex): a new rule comes
# after them (rules.def), and moving or renaming one of these fails.
RULES = ['cachelint-false-sharing', 'cachelint-write-groups', 'cachelint-adjacent-line',
         'cachelint-annotation-mismatch', 'cachelint-profile', 'cachelint-true-sharing',
         'cachelint-group-markers', 'cachelint-false-sharing-objects', 'cachelint-path-lines']


def structural(doc, expect_results):
    assert doc['version'] == '2.1.0', doc.get('version')
    run, = doc['runs']
    driver = run['tool']['driver']
    assert driver['name'] == 'cachelint'
    ids = [r['id'] for r in driver['rules']]
    assert ids[:len(RULES)] == RULES and len(set(ids)) == len(ids), ids
    for r in driver['rules']:
        assert r['shortDescription']['text'] and r['help']['text'], r
    results = run['results']
    if expect_results is not None:
        assert len(results) == expect_results, len(results)
    for res in results:
        assert ids[res['ruleIndex']] == res['ruleId'], res
        assert res['level'] in ('error', 'warning', 'note'), res
        assert res['message']['text'].endswith('[%s]' % res['ruleId']), res
        fp = res['partialFingerprints']['cachelintFinding/v1']
        assert len(fp) == 16 and int(fp, 16) >= 0, fp
        for loc in res['locations'] + res.get('relatedLocations', []):
            art = loc['physicalLocation']['artifactLocation']
            if 'uriBaseId' in art:
                assert art['uriBaseId'] in run['originalUriBaseIds'], art
                assert not art['uri'].startswith('/'), art
            region = loc['physicalLocation']['region']
            assert region['startLine'] >= 1 and region['startColumn'] >= 1, region
    return len(results)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('sarif')
    ap.add_argument('schema')
    ap.add_argument('--results', type=int)
    args = ap.parse_args()
    doc = json.load(open(args.sarif))
    if not args.schema:
        n = structural(doc, args.results)
        print('sarif: %d results, not checked against the schema: the shared data folder is absent' % n)
        return 0
    import jsonschema
    schema = json.load(open(args.schema))
    try:
        jsonschema.validate(doc, schema, cls=jsonschema.Draft4Validator,
                            format_checker=jsonschema.FormatChecker())
    except jsonschema.ValidationError as e:
        print('sarif: not valid against %s: %s at %s' % (os.path.basename(args.schema), e.message,
              '/'.join(str(p) for p in e.absolute_path)))
        return 1
    n = structural(doc, args.results)
    print('sarif: %d results, valid against %s' % (n, os.path.basename(args.schema)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
