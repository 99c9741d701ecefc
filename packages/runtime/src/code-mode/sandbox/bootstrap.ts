/**
 * The trusted JavaScript a run starts with, inside QuickJS, before the model's code: it takes the host's functions
 * from an argument (so they are never on `globalThis`), keeps its own references to every built-in it uses (the
 * model's code may replace `JSON.parse` or `Promise.prototype.then` afterwards; that changes only its own view),
 * removes shared memory, and defines `api`, `ApiError` and `console`. It answers with the function that runs the
 * model's code and reports the outcome to the host, once.
 *
 * Host functions (`host.*`): `call(name, argsJson)` -> a promise of `{"ok":true,"value":...}` or
 * `{"ok":false,"message":...}` as JSON text; `has(name)` -> boolean; `names()` -> JSON text of every name;
 * `log(level, line)` -> whether there was room; `done(json | undefined, dropped)`; `fail(name, message, stack,
 * dropped)`, `dropped` counting the log lines the sandbox kept to itself once the log was full.
 */
export const BOOTSTRAP = `(function (host, lineMax) {
  "use strict";
  const call = host.call, has = host.has, names = host.names, log = host.log, done = host.done, fail = host.fail;
  const parse = JSON.parse, stringify = JSON.stringify, apply = Reflect.apply, defineProperty = Object.defineProperty;
  const freeze = Object.freeze, create = Object.create, then = Promise.prototype.then;
  const slice = String.prototype.slice, toText = String;

  // No memory shared with anything, no second engine, no queue outside the run's own promises. QuickJS has no timers,
  // network, files or modules to remove.
  for (const name of ["SharedArrayBuffer", "Atomics", "WebAssembly", "queueMicrotask"]) delete globalThis[name];
  const PromiseOf = Promise, ErrorOf = Error;

  class ApiError extends Error {
    constructor(tool, message) {
      super(message);
      defineProperty(this, "tool", { value: tool, enumerable: true });
    }
  }
  defineProperty(ApiError.prototype, "name", { value: "ApiError" });
  freeze(ApiError.prototype);
  freeze(ApiError);

  // An ApiError is made when the answer comes, far from the code that called: it takes the stack of the call, so an
  // uncaught one names the caller's line.
  const settle = (name, site) => (answer) => {
    const outcome = parse(answer);
    if (outcome.ok) return outcome.value;
    const error = new ApiError(name, outcome.message);
    defineProperty(error, "stack", { value: site.stack, configurable: true, writable: true });
    throw error;
  };
  const functions = create(null);
  const functionFor = (name) => {
    let fn = functions[name];
    if (fn === undefined) {
      // Not an async function: that would resolve its promise through the answer's own then, which the code can
      // replace; the promise returned here is the host's, settled by the kept then.
      fn = function (args) {
        const site = new ErrorOf();
        let json;
        try {
          json = stringify(args === undefined ? {} : args);
        } catch (error) {
          return new PromiseOf((_, reject) => reject(error));
        }
        return apply(then, call(name, json), [settle(name, site)]);
      };
      defineProperty(fn, "name", { value: name });
      functions[name] = freeze(fn);
    }
    return fn;
  };
  const known = (key) => typeof key === "string" && has(key);
  const refuse = () => false;
  const api = new Proxy(create(null), {
    get: (_, key) => (known(key) ? functionFor(key) : undefined),
    has: (_, key) => known(key),
    ownKeys: () => parse(names()),
    getOwnPropertyDescriptor: (_, key) =>
      known(key) ? { value: functionFor(key), writable: false, enumerable: true, configurable: true } : undefined,
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  });

  const format = (value) => {
    if (typeof value === "string") return value;
    try {
      const json = stringify(value);
      return json === undefined ? toText(value) : json;
    } catch {
      try {
        return toText(value);
      } catch {
        return "[unprintable]";
      }
    }
  };
  // Once the host's log is full, lines are counted here instead of sent: a flood costs no host calls.
  let full = false, dropped = 0;
  const writer = (level) => (...values) => {
    if (full) {
      dropped++;
      return;
    }
    let line = "";
    for (let i = 0; i < values.length && line.length < lineMax; i++) line += (i === 0 ? "" : " ") + format(values[i]);
    if (!log(level, apply(slice, line, [0, lineMax]))) full = true;
  };
  const console = freeze({
    log: writer("log"),
    info: writer("info"),
    warn: writer("warn"),
    error: writer("error"),
    debug: writer("debug"),
  });
  for (const [name, value] of [["api", api], ["ApiError", ApiError], ["console", console]]) {
    defineProperty(globalThis, name, { value, writable: false, enumerable: false, configurable: false });
  }

  const reportError = (error) => {
    let name = "Error", message = "", stack = "";
    try {
      name = toText(error?.name ?? "Error");
      message = toText(error?.message ?? error);
      stack = toText(error?.stack ?? "");
    } catch {
      message = message || "a value that cannot be read";
    }
    fail(apply(slice, name, [0, 200]), apply(slice, message, [0, 2000]), apply(slice, stack, [0, 2000]), dropped);
  };
  return function run(body) {
    let running;
    try {
      running = body();
    } catch (error) {
      reportError(error);
      return;
    }
    apply(then, running, [
      (value) => {
        let json;
        try {
          json = value === undefined ? undefined : stringify(value);
        } catch (error) {
          reportError(error);
          return;
        }
        if (json === undefined && value !== undefined) {
          fail("TypeError", "the code returned " + typeof value + ", which is not JSON", "", dropped);
          return;
        }
        done(json, dropped);
      },
      reportError,
    ]);
  };
})`;
