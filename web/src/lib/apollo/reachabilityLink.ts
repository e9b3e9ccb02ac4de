import { ApolloLink, Observable } from '@apollo/client';
import { reportAnswered, reportUnreachable } from '../connection';

function statusCodeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof code === 'number' ? code : undefined;
}

/**
 * Told of every GraphQL call's end: an answer (data or GraphQL errors, or an HTTP status below 500)
 * means the server is reachable; no answer at all, or a server fault, means it is not.
 */
export const reachabilityLink = new ApolloLink(
  (operation, forward) =>
    new Observable((observer) => {
      const subscription = forward(operation).subscribe({
        next(result) {
          reportAnswered();
          observer.next(result);
        },
        error(error: unknown) {
          const status = statusCodeOf(error);
          if (status === undefined || status >= 500) reportUnreachable();
          else reportAnswered();
          observer.error(error);
        },
        complete() {
          observer.complete();
        },
      });
      return () => subscription.unsubscribe();
    }),
);
