/** `npm run bench`: the engines' single-thread throughput and GC counts against their targets. */
import { report } from './measure.js';
import { benchSevenfall } from './sevenfall.js';
import { benchSevn } from './sevn.js';

const results = [...(await benchSevenfall()), ...(await benchSevn())];
for (const r of results) console.log(report(r));
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
