// Waits for credentials shared by many calls while following ONE call's cancellation: a cancelled call
// stops waiting, and the request it shares with the other calls goes on for them.
import { CallSignal, type Cancellation } from '../call-signal';

export function untilCancelled<T>(shared: Promise<T>, cancellation: Cancellation | undefined): Promise<T> {
  if (cancellation === undefined) return shared;
  if (cancellation.aborted) return Promise.reject(cancellation.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const follower = { abort: (reason: unknown) => reject(reason as Error) };
    const stop = () => {
      if (cancellation instanceof CallSignal) cancellation.unfollow(follower);
      else cancellation.removeEventListener('abort', onAbort);
    };
    const onAbort = () => follower.abort((cancellation as AbortSignal).reason);
    if (cancellation instanceof CallSignal) cancellation.follow(follower);
    else cancellation.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error as Error);
      },
    );
  });
}
