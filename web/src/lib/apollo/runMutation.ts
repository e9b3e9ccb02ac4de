import { ApolloError } from '@apollo/client';
import type { FieldError } from '../../generated/schema';
import { classifyFailure } from '../failure';
import type { Failure, Outcome } from '../outcome';
import { endRefusedSession } from '../session/refusal';

export { classifyFailure } from '../failure';

/** A thrown error of a call as its outcome; a refused session ends here (pending work stays on the device). */
export function classifyError(error: unknown): Failure {
  if (!(error instanceof ApolloError)) return { status: 'offline' };
  const failure = classifyFailure(error.graphQLErrors, error.networkError);
  if (failure.status === 'signedOut') endRefusedSession();
  return failure;
}

type Payload = { errors: readonly Pick<FieldError, 'field' | 'message' | 'code'>[] };

/**
 * The one way to run a mutation that answers one outcome (shared/STYLE.md, "One way to do each thing at
 * the edges"): `send` runs it and picks its payload; the payload's field errors make it 'refused', no
 * payload 'offline', a thrown error is classified (classifyError), and anything else is 'done' with the
 * payload. The hooks declare `context: { handlesErrors: true }` so that the error link leaves them alone.
 */
export async function runMutation<P extends Payload>(send: () => Promise<P | null | undefined>): Promise<Outcome<P>> {
  try {
    const payload = await send();
    if (!payload) return { status: 'offline' };
    if (payload.errors.length > 0) return { status: 'refused', errors: payload.errors };
    return { status: 'done', value: payload };
  } catch (error) {
    return classifyError(error);
  }
}
