/**
 * A build error that points at a place in a source file. The CLI prints it as
 * `file:line:column: message`, followed by the offending line and a caret.
 */
export interface SourceLocation {
  /** Path as shown to the user (relative to the working directory when possible). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** Text of the offending line, when known. */
  lineText?: string;
}

/** An error of the user's input: printed without a stack trace, exit code 1. */
export class DocgenError extends Error {
  readonly locations: { message: string; location?: SourceLocation }[];

  constructor(message: string, locations: { message: string; location?: SourceLocation }[] = []) {
    super(message);
    this.name = 'DocgenError';
    this.locations = locations;
  }
}
