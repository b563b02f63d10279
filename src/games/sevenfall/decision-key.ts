/**
 * SEVENFALL decision buckets as numbers: the engine encodes them, decisions.arrow decodes them, both
 * here. A state is the mixed-radix number (profile index, discards left, locked tiles), the profile
 * index being ScoreTable.index(group-size key, wilds, breaks). An action is 0 for stop, else the
 * multiset of discarded tile classes (0 Wild, 1 Break, 1 + g for a symbol tile from a group of g) as
 * base-(rowSize + 3) digits 1..rowSize + 2, largest class first.
 */
import type { SevenfallRules } from './rules.js';
import type { ScoreTable } from './scoring.js';

export class SevenfallDecisionKeys {
  /** Radices of the state's last two digits and of the action's digits. */
  readonly discardsRadix: number;
  readonly lockedRadix: number;
  readonly actionRadix: number;

  constructor(readonly rules: SevenfallRules, readonly table: ScoreTable) {
    this.discardsRadix = rules.discardBudget + 1;
    this.lockedRadix = rules.rowSize + 1;
    this.actionRadix = rules.rowSize + 3;
  }

  state(profileIndex: number, discardsLeft: number, locked: number): number {
    return (profileIndex * this.discardsRadix + discardsLeft) * this.lockedRadix + locked;
  }

  decodeState(state: number): { sizes: number[]; wilds: number; breaks: number; discardsLeft: number; locked: number } {
    const locked = state % this.lockedRadix;
    const rest = Math.floor(state / this.lockedRadix);
    const p = this.table.unindex(Math.floor(rest / this.discardsRadix));
    return { sizes: this.table.groupSizes(p.key), wilds: p.wilds, breaks: p.breaks, discardsLeft: rest % this.discardsRadix, locked };
  }

  /** The action key with one more discarded class (classes appended largest first). */
  addClass(action: number, cls: number): number {
    return action * this.actionRadix + cls + 1;
  }

  /** An action key as words: "stop" or "discard wild+break+from-2" (from-g: a tile of a group of g). */
  actionText(action: number): string {
    if (action === 0) return 'stop';
    const classes: string[] = [];
    for (let a = action; a > 0; a = Math.floor(a / this.actionRadix)) {
      const c = (a % this.actionRadix) - 1;
      classes.push(c === 0 ? 'wild' : c === 1 ? 'break' : `from-${c - 1}`);
    }
    return `discard ${classes.reverse().join('+')}`;
  }
}
