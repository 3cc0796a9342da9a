// The writes the user's object makes to the user's chat shard (a turn's messages, a picture's row), counted, and a
// gate that can hold new ones: moving the user to another shard (shard-move.ts) holds new writes, waits for those
// under way, copies the last changes and switches the shard, then opens the gate, so no write of the object lands
// in the old shard after its last copy.
export class ChatWriteGate {
  private held: { opened: Promise<void>; open: () => void } | null = null;
  private running = 0;
  private idle: (() => void)[] = [];

  /** Resolves once the gate is open (at once when nothing holds it). */
  async whenOpen(): Promise<void> {
    while (this.held) await this.held.opened;
  }

  /** Runs a write once the gate is open, counted until it ends. */
  async write<T>(fn: () => Promise<T>): Promise<T> {
    await this.whenOpen();
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Holds new writes, and resolves once those under way have ended. */
  async hold(): Promise<void> {
    if (!this.held) {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      this.held = { opened, open };
    }
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Lets held and new writes go. */
  open() {
    const held = this.held;
    this.held = null;
    held?.open();
  }

  get isHeld(): boolean {
    return this.held !== null;
  }
}
