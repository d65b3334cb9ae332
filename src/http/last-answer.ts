// A check of a header that a client sends with the same value on every request (Host, Accept): the last
// value's answer is kept, so the check itself runs once per client rather than once per request.

/** `check`, remembering its answer for the last value it was given. */
export function lastAnswer<T>(check: (value: string) => T): (value: string) => T {
  let last: string | undefined;
  let answer: T;
  return (value) => {
    if (value !== last) {
      answer = check(value);
      last = value;
    }
    return answer;
  };
}
