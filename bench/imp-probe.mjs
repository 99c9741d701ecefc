const t0 = process.cpuUsage();
const ms = () => { const u = process.cpuUsage(t0); return ((u.user + u.system) / 1000).toFixed(0); };
const out=[];
for (const m of process.argv.slice(2)) { await import(m); out.push(m.split("/").pop()+" "+ms()); }
console.log(out.join(" | "));
