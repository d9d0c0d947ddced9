/** Hands chat outbox messages to whatever posts them (the pg-boss `chat.deliver` queue in the product). */
export interface ChatQueue {
  /**
   * Gives every pending message a job (one per message at most: the queue's singleton key). Called
   * after a commit that may have written messages; messages of a transaction not yet committed are
   * handed over by that transaction's own call.
   */
  kick(): Promise<void>;
}
