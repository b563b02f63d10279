/** Counts in running text: "1 file", "2 files", "1,024 games" (a "file(s)" reads as a form, not a sentence). */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A rating to the unit with its sign: "+12", "-3", and "0" (never "-0" for a small negative). */
export const signedRound = (x: number): string => {
  const t = x.toFixed(0);
  return t === '-0' ? '0' : x > 0 && t !== '0' ? `+${t}` : t;
};
