/**
 * `fn` with its last argument and answer remembered: for a pure check made on every request
 * with, nearly always, the same value (the Host header, the Accept-Encoding header). One entry
 * only, so a client sending a new value each time costs the check and nothing more.
 */
export function rememberLast<A, R>(fn: (arg: A) => R): (arg: A) => R {
  let last: { arg: A; result: R } | undefined;
  return (arg) => {
    if (last && Object.is(last.arg, arg)) return last.result;
    const result = fn(arg);
    last = { arg, result };
    return result;
  };
}
