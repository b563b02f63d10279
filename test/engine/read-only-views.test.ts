/**
 * Strategies cannot change the game they play: what they are given (the view at each decision, the
 * rules and tables they are built with) is a read-only copy, never the engine's own object.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { STOP, type SevenfallPlayer, type SevenfallView, strategySide as sevenfallSide } from '../../src/games/sevenfall/view.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, type SevnPlayer, type SevnView } from '../../src/games/sevn/view.js';
import { strategySide as sevnSide } from '../../src/games/sevn/view-buffer.js';

/** Every object reachable from `root` through its own enumerable and non-enumerable properties. */
function reachable(root: object): Set<unknown> {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const o = stack.pop();
    if (o === null || typeof o !== 'object' || seen.has(o)) continue;
    seen.add(o);
    if (ArrayBuffer.isView(o)) continue;
    for (const k of Reflect.ownKeys(o)) stack.push((o as Record<PropertyKey, unknown>)[k]);
  }
  return seen;
}

describe('SEVN strategies get read-only copies', () => {
  it('the view reaches no engine object, its rules are frozen, its card table is its own', () => {
    const rules = sevnPreset('sevn');
    const engine = new SevnEngine(rules);
    const bonus = rules.sevn.bonus;
    const copies0 = engine.cards.copies[0];
    let view: SevnView | null = null;
    const player: SevnPlayer = {
      label: 'tamper',
      drawOrStay(v) {
        view = v;
        // A write to the rules throws (ES modules are strict); a write to the card table changes the strategy's copy only.
        expect(() => ((v.rules.sevn as { bonus: number }).bonus = 0)).toThrow(TypeError);
        (v.cards.copies as Uint8Array)[0] = 99;
        return Answer.STAY;
      },
      freezeTarget: (v) => v.seat,
      tripleDrawTarget: (v) => v.seat,
      secondChanceTo: (v) => 31 - Math.clz32(v.candidates),
      crossroads: () => 0,
      ballast: () => Answer.KEEP,
    };
    engine.playRound([player], new Rng('views'));
    expect(view).not.toBeNull();
    const objects = reachable(view!);
    for (const own of [engine, engine.rules, engine.cards, engine.seats, engine.rows, engine.seen, engine.totals]) expect(objects.has(own)).toBe(false);
    expect(engine.rules.sevn.bonus).toBe(bonus);
    expect(engine.cards.copies[0]).toBe(copies0);
    expect(view!.cards.copies[0]).toBe(99);
  });

  it('the rules and card table strategies are built with are frozen copies', () => {
    const rules = sevnPreset('sevn');
    const side = sevnSide(rules);
    expect(side.rules).not.toBe(rules);
    expect(side.rules).toEqual(rules);
    expect(Object.isFrozen(side.rules) && Object.isFrozen(side.rules.numbers[0]) && Object.isFrozen(side.rules.bonuses.ladder)).toBe(true);
  });
});

describe('SEVENFALL strategies get read-only copies', () => {
  it('the view reaches no engine object and its rules are frozen; the score table is not the engine\'s', () => {
    const rules = sevenfallPreset('sevenfall');
    const engine = new SevenfallEngine(rules);
    let view: SevenfallView | null = null;
    const player: SevenfallPlayer = {
      label: 'tamper',
      decide(v) {
        view = v;
        expect(() => ((v.rules as { discardBudget: number }).discardBudget = 99)).toThrow(TypeError);
        return STOP;
      },
    };
    engine.playTurn(player, new Rng('views'), 0, 0, 1);
    expect(view).not.toBeNull();
    const objects = reachable(view!);
    for (const own of [engine, engine.rules, engine.table, engine.row, engine.locked]) expect(objects.has(own)).toBe(false);
    expect(engine.rules.discardBudget).toBe(rules.discardBudget);
    const side = sevenfallSide(rules);
    expect(side.table).not.toBe(engine.table);
    expect(Object.isFrozen(side.rules) && Object.isFrozen(side.rules.categories[0])).toBe(true);
  });
});
