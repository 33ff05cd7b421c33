/** A serialized answer: its body and the headers that go with it. */
export interface Answer {
  body: string;
  headers: Record<string, string>;
  /** Its entity tag, computed once for a kept answer. */
  tag?: string;
}

/** How much serialized answer text a process keeps. A 365-entry page is about 40 KB. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The serialized answers of recent queries, least recently used dropped first once their text passes
 * the budget. An answer depends only on its query and the data version, and a process serves one
 * version, so a kept answer is never stale; keep the key to everything the answer depends on.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_ANSWER_BYTES) {}

  async get(key: string, compute: () => Promise<Answer>): Promise<Answer> {
    const known = this.answers.get(key);
    if (known) {
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = await compute();
    const size = answer.body.length * 2;
    if (size > this.maxBytes) return answer;
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldest, dropped] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= dropped.body.length * 2;
    }
    return answer;
  }
}
