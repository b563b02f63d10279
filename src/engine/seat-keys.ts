/** Seat counts, decision keys and win units: what engines, the decision counter and result files share. */
/**
 * The most seats any game may seat. Engines size their per-seat arrays by it, decision keys pack a
 * seat in base MAX_SEATS beside the action (actionSeatKey below), and win shares are counted in
 * WIN_UNITS; the catalog refuses a game whose maxPlayers exceeds it.
 */
export const MAX_SEATS = 8;

/**
 * A decision bucket's action and seat as one number (decisions.arrow's action_key), and back. Engines
 * and the decision counter encode with actionSeatKey; result files decode with seatOfKey/actionOfKey.
 */
export const actionSeatKey = (action: number, seat: number): number => action * MAX_SEATS + seat;
export const seatOfKey = (key: number): number => key % MAX_SEATS;
export const actionOfKey = (key: number): number => Math.floor(key / MAX_SEATS);

/** Win shares are counted in 1/WIN_UNITS: lcm(1..MAX_SEATS) (840), so every tie share is a whole number. */
export const WIN_UNITS = lcmUpTo(MAX_SEATS);

function lcmUpTo(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let l = 1;
  for (let k = 2; k <= n; k++) l = (l * k) / gcd(l, k);
  return l;
}
