#!/usr/bin/python3
"""Write a perf c2c report of N cache lines and the access map it joins
with (bench/large_struct).

usage: gen_large_c2c.py N REPORT MAP [EXTRA]
  REPORT: testsuite/cli/Inputs/c2c/fs-c2c.txt's run N times over: N cache
          lines of struct stats (Inputs/c2c/fs.c), 5 rows each, the trace's
          and the table's totals scaled to them
  MAP:    fs.c's access map (its 6 lines), then EXTRA lines (default 0) of
          other files, as a whole build's map has: a row must find its own
          source line among them
"""
import sys

ROWS = [  # HITM %, L1 Hit %, L1 Miss %, offset, code, records, cpus, symbol, line
    ('20.00%', '98.00%', '100.00%', '0x0', 0x1a9, 1500, 4, 'count', 18),
    ('50.00%', '0.00%', '0.00%', '0x8', 0x1c3, 900, 4, 'budget', 23),
    ('25.00%', '0.00%', '0.00%', '0x10', 0x1c7, 500, 4, 'budget', 23),
    ('5.00%', '0.00%', '0.00%', '0x8', 0x1e5, 100, 1, 'reset', 28),
    ('0.00%', '2.00%', '0.00%', '0x18', 0x1e9, 20, 1, 'reset', 28),
]
MAP = [(18, 5, 'count', 'hits', 0, 'r'), (18, 5, 'count', 'hits', 0, 'w'),
       (23, 12, 'budget', 'limit', 8, 'r'), (23, 23, 'budget', 'scale', 16, 'r'),
       (28, 5, 'reset', 'spare', 24, 'w'), (28, 16, 'reset', 'limit', 8, 'r')]
BASE = 0x55d0c1a4e040
DOTS = ('  # .....  ..................  ....  ......  .......  .......  .......  .......'
        '  .......  .......  .......  .......  .......  .......  .......')
PARETO_DOTS = ('  # .....  .......  .......  .......  .......  .......  .......'
               '  ..................  ....  ......  ..................  ........  ........'
               '  ........  ........  .......  ........  ......................'
               '  .................  .......................  ....')


def report(n, out):
    w = out.write
    w('=================================================\n'
      '            Trace Event Information\n'
      '=================================================\n')
    w('  Total records                     : %10d\n' % (3020 * n))
    w('  Load Local HITM                   : %10d\n' % (400 * n))
    w('  Load Remote HITM                  :          0\n\n')
    w('  =================================================\n'
      '             Shared Data Cache Line Table\n'
      '  =================================================\n  #\n')
    w('  #        ----------- Cacheline ----------      Tot  ------- Load Hitm -------'
      '    Snoop    Total    Total    Total  --------- Stores --------\n')
    w('  # Index             Address  Node  PA cnt     Hitm    Total  LclHitm  RmtHitm'
      '     Peer  records    Loads   Stores    L1Hit   L1Miss      N/A\n')
    w(DOTS + '\n  #\n')
    for c in range(n):
        w('  %7d  %#18x     0       1  %6.2f%%      400      400        0        0'
          '     3020     1820     1200     1000      200        0\n'
          % (c, BASE + 64 * c, 100.0 / n))
    w('\n  =================================================\n'
      '        Shared Cache Line Distribution Pareto\n'
      '  =================================================\n  #\n')
    w('  #        ----- HITM -----    Snoop  ------- Store Refs ------  --------- Data address'
      ' ---------                      --------------- cycles ---------------    Total'
      '       cpu                                     Shared\n')
    w('  #   Num  RmtHitm  LclHitm     Peer   L1 Hit  L1 Miss      N/A              Offset'
      '  Node  PA cnt        Code address  rmt hitm  lcl hitm      load      peer  records'
      '       cnt                  Symbol             Object              Source:Line  Node\n')
    w(PARETO_DOTS + '\n  #\n')
    for c in range(n):
        w('    ' + '-' * 79 + '\n')
        w('  %7d        0      400        0     1000      200        0  %#18x\n'
          % (c, BASE + 64 * c))
        w('    ' + '-' * 79 + '\n')
        for hitm, l1h, l1m, off, code, recs, cpus, sym, line in ROWS:
            w('           %7s  %7s  %7s  %7s  %7s  %7s  %18s     0       1  %#18x'
              '         0       300       170         0  %7d  %8d  %-22s  %-17s  %-23s  0\n'
              % ('0.00%', hitm, '0.00%', l1h, l1m, '0.00%', off, 0x55d0c1a4b000 + code,
                 recs, cpus, '[.] ' + sym, 'fs', 'fs.c:%d' % line))


def access_map(extra, out):
    out.write('# cachelint-access-map 1\n')
    for line, col, fn, member, off, kind in MAP:
        out.write('/x/fs.c\t%d\t%d\t%s\tstats\t%s\t%d\t8\t%s\n'
                  % (line, col, fn, member, off, kind))
    for i in range(extra):
        out.write('/x/other%d.c\t%d\t5\tf%d\tother\tm%d\t%d\t8\tr\n'
                  % (i % 997, i + 1, i, i % 50, i % 50 * 8))


def main():
    n, rep, amap = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    extra = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    with open(rep, 'w') as out:
        report(n, out)
    with open(amap, 'w') as out:
        access_map(extra, out)


if __name__ == '__main__':
    main()
