// node + st.js, the reference engine, on the templates of startup.sh and loop-instructions.sh.
// Usage: node Benchmarks/peer.js ST_JS hello|one|many
//        node Benchmarks/peer.js ST_JS loop ROUNDS OPTION   (OPTION rendered with {$get: {n}} until n = ROUNDS)
const st = require(process.argv[2]);
const [kind, rounds] = [process.argv[3], Number(process.argv[4] || 0)];
if (kind === "hello") console.log(st.transform({text: "Hello, {{who}}!"}, {who: "world"}).text);
if (kind === "one") console.log(st.transform({text: "{{[1, 2, 3].map(function (x) { return x * 2; }).join(', ')}}"}, {}).text);
if (kind === "many") {
  const template = {};
  for (let i = 0; i < 50; i++) template["k" + i] = "{{[" + i + "].map(function (x) { return x * 2; })[0]}}";
  console.log(st.transform(template, {}).k49);
}
if (kind === "loop") {
  const template = {n: process.argv[5]};
  let n = 0;
  while (n < rounds) n = st.transform(template, {$get: {n: n}}).n;
  console.log("done " + n);
}
