/** An error caused by what the user asked for: the CLI prints its message and exits with code 2. */
export class UserError extends Error {
  override name = 'UserError';
}

/** Thrown when a game runs past its rules' round cap (`maxRounds`): the rules and strategies cannot finish it. */
export class RoundCapError extends Error {
  override name = 'RoundCapError';

  /** The message as the user sees it: what to change. */
  get advice(): string {
    return `${this.message}: these rules and strategies do not finish a game; raise maxRounds, lower target or check the deck in the rules file`;
  }
}

/** A UserError after part of the output was made (e.g. the trace of a game that hit the round cap). */
export class PartialOutputError extends UserError {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * Errors cross from worker threads as plain Errors (structured clone keeps message and cause only):
 * the worker marks a UserError with this cause, and the pool turns it back into one.
 */
export const USER_ERROR_CAUSE = 'sevensim:user-error';
