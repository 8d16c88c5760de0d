import type { ReactiveControllerHost } from 'lit';

export type Rating = 'up' | 'down';

/** The reader's thumbs up or down on each answer of the conversation. */
export class FeedbackController {
  private readonly host: ReactiveControllerHost;
  private ratings = new Map<string, Rating>();

  constructor(host: ReactiveControllerHost) {
    this.host = host;
  }

  /** How the reader rated an answer, if they did. */
  ratingOf(messageId: string): Rating | undefined {
    return this.ratings.get(messageId);
  }

  rate(messageId: string, rating: Rating): void {
    this.ratings = new Map(this.ratings).set(messageId, rating);
    this.host.requestUpdate();
  }

  /** A new conversation starts unrated. */
  reset(): void {
    this.ratings = new Map();
    this.host.requestUpdate();
  }
}
