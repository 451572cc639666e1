// The question-list CSV export (docs/zelinqa-api.md §12.2) over real HTTP: every cell a client wrote (ids, text, choice ids,
// dimension ids) that a spreadsheet would run as a formula is neutralised, as in the analytics exports; the rest of the
// format is unchanged.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

const choices = (...ids: string[]) => ids.map((id) => ({ id, label: `Label ${id}` }));

for (const backend of BACKENDS) {
  void describe(`question-list CSV export on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let base = "";
    before(async () => {
      t = await startTestApp({ backend, options: { worker: false } });
      base = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
      const question = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
        entity: "question",
        operation: "create",
        question: { id, text, type: "open", dimension_id: "-dim", ...extra },
      });
      const r = await fetch(`${base}/v1/configuration/changes`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.keys.write}`, "content-type": "application/json", "idempotency-key": newIdempotencyKey() },
        body: JSON.stringify({
          changes: [
            {
              entity: "dimension",
              operation: "create",
              dimension: { id: "-dim", name: "D", order_position: 0, completion_role: "blocking" },
            },
            question("=id", '=HYPERLINK("http://evil","x")'),
            question("@id", "+1+1"),
            question("plain", "-2 et @3", { type: "single_choice", choices: choices("=c1", "c2") }),
            question("tab", "\tcmd"),
            question("cr", "\rcmd"),
            question("ok", "Quel budget ?", { type: "single_choice", choices: choices("c3", "c4") }),
          ],
        }),
      });
      assert.equal(r.status, 200, await r.text());
    });
    after(async () => {
      await t?.close();
    });

    void it("starts with ' every cell beginning with =, +, -, @, tab or CR, quoting as §12.2 asks", async () => {
      const r = await fetch(`${base}/v1/configuration/questions?state=draft&format=csv`, {
        headers: { authorization: `Bearer ${t.keys.manage}` },
      });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "text/csv; charset=utf-8");
      assert.deepEqual((await r.text()).split("\n"), [
        "id,text,type,selection_mode,choices,source,dimension_id,active",
        `'=id,"'=HYPERLINK(""http://evil"",""x"")",open,,,user,'-dim,true`,
        `'@id,"'+1+1",open,,,user,'-dim,true`,
        `plain,"'-2 et @3",single_choice,single,"'=c1|c2",user,'-dim,true`,
        `tab,"'\tcmd",open,,,user,'-dim,true`,
        `cr,"'\rcmd",open,,,user,'-dim,true`,
        `ok,"Quel budget ?",single_choice,single,"c3|c4",user,'-dim,true`,
        "",
      ]);
    });
  });
}
