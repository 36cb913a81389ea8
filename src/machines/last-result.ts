/**
 * The last result for the same arguments (compared by identity), so a connect module's view model keeps its fields'
 * identity between snapshots (views read them with `useSelector(…, shallowEqual)`).
 */
export function lastResult<A extends readonly unknown[], R>(derive: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (last?.args.every((arg, index) => Object.is(arg, args[index]))) return last.result;
    const result = derive(...args);
    last = { args, result };
    return result;
  };
}
