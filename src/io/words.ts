/** Counts in running text: "1 file", "2 files", "1,024 games" (a "file(s)" reads as a form, not a sentence). */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
