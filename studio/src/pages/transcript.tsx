// One conversation: per turn, the question, the answer, what was extracted with its status, and the progress.
import { call } from "../api.js";
import { Bar, ErrorBox, Page, formatValue, useLoad } from "../components.js";
import { useI18n } from "../i18n.js";
import type { Transcript, TranscriptTurn } from "../types.js";

export function TranscriptPage({ sessionId }: { sessionId: string }) {
  const { t } = useI18n();
  const loaded = useLoad(() => call<Transcript>(`/v1/sessions/${encodeURIComponent(sessionId)}/transcript`), [sessionId]);
  const transcript = loaded.data;
  return (
    <Page title={`${t("transcript")} · ${sessionId}`} actions={<a href="#/conversations">{t("back")}</a>}>
      <ErrorBox error={loaded.error} />
      {!transcript && !loaded.error && <div class="placeholder tall" aria-busy="true" />}
      {transcript && (
        <>
          <p class="meta">
            {t("status")}: <code>{transcript.status}</code> · {t("stop_reason")}: <code>{transcript.stop_reason ?? "—"}</code> ·{" "}
            {t("version")}: <code>{transcript.configuration_version}</code>
          </p>
          {transcript.history === "partial" && <p class="note">{t("history_partial")}</p>}
          <ProgressOverTime turns={transcript.turns} />
          <ol class="turns" data-testid="transcript">
            {transcript.turns.map((turn, index) => (
              <TurnView key={index} turn={turn} />
            ))}
          </ol>
          <section class="card">
            <h2>{t("collected")}</h2>
            <pre class="mono">{JSON.stringify(transcript.collected, null, 2)}</pre>
          </section>
        </>
      )}
    </Page>
  );
}

function TurnView({ turn }: { turn: TranscriptTurn }) {
  const { t } = useI18n();
  return (
    <li class="card turn">
      <h2>
        {t("turn")} {turn.turn} <span class="badge">{t(`kind_turn_${turn.kind}`)}</span>
      </h2>
      {turn.question_texts.map((text, index) => (
        <p class="bubble assistant" key={index}>
          {text}
        </p>
      ))}
      <p class="meta">
        {t("outcome")}: <code>{turn.outcome ?? "—"}</code>
      </p>
      {turn.extracted.length > 0 && (
        <table>
          <caption>{t("extracted")}</caption>
          <tbody>
            {turn.extracted.map((item) => (
              <tr key={item.success_information_id}>
                <th scope="row">{item.success_information_id}</th>
                <td>{formatValue(item.value)}</td>
                <td>{item.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {turn.progress && <Bar label={t("overall")} value={turn.progress.overall} />}
    </li>
  );
}

/** Coverage of each dimension after each turn, as a small table of bars (one column per turn). */
function ProgressOverTime({ turns: all }: { turns: TranscriptTurn[] }) {
  const { t } = useI18n();
  const turns = all.filter((turn) => turn.progress !== null);
  const dimensions = turns[turns.length - 1]?.progress?.dimensions ?? [];
  if (turns.length === 0) return null;
  return (
    <section class="card">
      <h2>{t("progress")}</h2>
      <div class="table-wrap">
        <table class="progress-grid">
          <thead>
            <tr>
              <th scope="col">{t("dimension")}</th>
              {turns.map((turn, index) => (
                <th scope="col" key={index}>
                  {turn.turn}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dimensions.map((dimension) => (
              <tr key={dimension.dimension_id}>
                <th scope="row">{dimension.label}</th>
                {turns.map((turn) => {
                  const coverage = turn.progress?.dimensions.find((d) => d.dimension_id === dimension.dimension_id)?.coverage ?? 0;
                  return (
                    <td key={`${turn.turn}-${turn.occurred_at}`} title={`${Math.round(coverage * 100)}%`}>
                      <meter min={0} max={1} value={coverage} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
