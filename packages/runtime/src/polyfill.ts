// TC39 decorators record into `context.metadata`, which compilers only create when `Symbol.metadata` exists.
// Node 20-24 do not define it yet; this must run before any decorated class is evaluated, which is why the
// runtime's entry imports this module first.
(Symbol as { metadata?: symbol }).metadata ??= Symbol.for("Symbol.metadata");

export {};
