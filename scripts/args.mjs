/**
 * The scripts' command lines, read by node's util.parseArgs: an unknown or malformed option is one
 * line on stderr with the script's usage, exit 2 (a typo is never silently ignored). Numbers are
 * checked here too, so that a run of many minutes does not start on a bad one.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

function fail(usage, message) {
  process.stderr.write(`${basename(process.argv[1])}: ${message}; usage: ${usage}\n`);
  process.exit(2);
}

/**
 * `options`: util.parseArgs options (type 'string' or 'boolean', default). Returns its values and
 * positionals; `int(name, least)` reads a string option as a whole number of at least `least`.
 */
export function scriptArgs(usage, options, { positionals = false } = {}) {
  let parsed;
  try {
    parsed = parseArgs({ options, allowPositionals: positionals, strict: true });
  } catch (e) {
    fail(usage, e.message.split('. ')[0]);
  }
  const int = (name, least = 1) => {
    const v = Number(parsed.values[name]);
    if (!Number.isInteger(v) || v < least) fail(usage, `--${name} ${parsed.values[name]}: expected a whole number of at least ${least}`);
    return v;
  };
  return { values: parsed.values, positionals: parsed.positionals, int, fail: (m) => fail(usage, m) };
}
