/** An error caused by what the user asked for: the CLI prints its message and exits with code 2. */
export class UserError extends Error {
  override name = 'UserError';
}
