// What the scripted model answers a request the real API would refuse: an
// error with the HTTP status and message that API gives, so the conversation
// shows it as it shows a real model's error.

/** A request the scripted model refuses, as the API it speaks would (status and message). */
export class ScriptedRefusal extends Error {
  /** The HTTP status the real API answers with. */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ScriptedRefusal";
    this.status = status;
  }
}
