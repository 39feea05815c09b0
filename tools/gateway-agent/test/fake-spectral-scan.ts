import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the HAL's spectral_scan as a shell script in a temporary work directory: it
 * writes `<name>.csv` with one line per 200 kHz channel from `-f`, a level of −120 + (channel mod 5)
 * dBm for all but one sample and one sample at −60 dBm on every fifth channel. Each call, and the
 * forwarder's stop and start, is appended to `calls.log`. A file `fail` there makes it exit 3, a
 * file `slow` makes it sleep first.
 */
export interface FakeScan {
  dir: string;
  command: string;
  stop: string;
  start: string;
  calls(): string[];
  mode(name: 'fail' | 'slow'): void;
}

const SCRIPT = `#!/bin/sh
echo "scan $*" >> calls.log
while getopts "f:n:s:l:d:" o; do
  case $o in f) F=$OPTARG;; n) N=$OPTARG;; s) S=$OPTARG;; l) L=$OPTARG;; *) ;; esac
done
if [ -f fail ]; then echo "lgw_start failed: no concentrator on the SPI bus" >&2; exit 3; fi
if [ -f slow ]; then sleep 30; fi
awk -v f="$F" -v n="$N" -v s="$S" 'BEGIN {
  base = int(f * 1000000 + 0.5)
  for (i = 0; i < n; i++) {
    printf "%d,%d,%d,%d,%d,\\n", base + i * 200000, -120 + (i % 5), s - 1, -60, (i % 5 == 4) ? 1 : 0
  }
}' > "$L.csv"
`;

export function makeFakeScan(): FakeScan {
  const dir = mkdtempSync(join(tmpdir(), 'gw-scan-'));
  const command = join(dir, 'spectral_scan');
  writeFileSync(command, SCRIPT);
  chmodSync(command, 0o755);
  const log = join(dir, 'calls.log');
  return {
    dir,
    command,
    stop: `echo stop >> '${log}'`,
    start: `echo start >> '${log}'`,
    calls: () => {
      try {
        return readFileSync(log, 'utf8').trim().split('\n');
      } catch {
        return [];
      }
    },
    mode: (name) => writeFileSync(join(dir, name), ''),
  };
}
