// Input schemas of the advanced tools (docs/zelinqa-mcp.md §6.1–§6.2): flat, closed sub-objects whose rules carry
// the exact messages of docs/zelinqa-mcp.md §6.2. Optional fields accept null, which means "absent".
import { z } from "zod";
import { STATE_VERSION_DESCRIPTION } from "../texts/advanced-texts.js";

type Ctx = z.RefinementCtx;
const present = (v: unknown) => v !== null && v !== undefined;
const issue = (ctx: Ctx, message: string) => ctx.addIssue({ code: "custom", message });

const id128 = z.string().max(128);
const opt = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

export const StructuredAnswerArgSchema = z.strictObject({
  choice_ids: z.array(z.string()).min(1).max(50),
  free_text: opt(z.string().max(4000)),
});

const messageShape = {
  role: z.enum(["user", "assistant"]),
  message_id: opt(id128),
  question_id: opt(id128),
  text: opt(z.string().max(8000)),
  structured_answer: opt(StructuredAnswerArgSchema),
  occurred_at: opt(z.iso.datetime({ offset: true })),
};

export const ConversationMessageArgSchema = z.strictObject(messageShape).superRefine((m, ctx) => {
  if (!present(m.text) && !present(m.structured_answer)) issue(ctx, "a message needs text or structured_answer");
  if (present(m.structured_answer) && !present(m.question_id)) {
    issue(ctx, "a message carrying structured_answer also needs question_id");
  }
});

export const InitialHistoryItemArgSchema = z.strictObject(messageShape).superRefine((m, ctx) => {
  if (!present(m.text) && !present(m.structured_answer)) issue(ctx, "an initial history item needs text or structured_answer");
});

export const PreviousTurnArgSchema = z
  .strictObject({
    decision_id: opt(id128),
    question_id: opt(id128),
    outcome: opt(z.enum(["asked_answered", "asked_no_answer", "refused"])),
    assistant_text: opt(z.string().max(8000)),
    user_text: opt(z.string().max(8000)),
    structured_answer: opt(StructuredAnswerArgSchema),
    message_id: opt(id128),
  })
  .superRefine((turn, ctx) => {
    if (!Object.values(turn).some(present)) issue(ctx, "previous_turn must carry at least one field");
  });

export const ContextUpdateArgSchema = z
  .strictObject({
    mode: z.enum(["summary", "messages"]),
    text: opt(z.string().max(16000)),
    messages: opt(z.array(ConversationMessageArgSchema).max(100)),
  })
  .superRefine((u, ctx) => {
    if (u.mode === "summary") {
      if (!present(u.text)) issue(ctx, 'context_update with mode="summary" needs text');
      if (present(u.messages)) issue(ctx, 'context_update with mode="summary" must not carry messages');
    } else {
      if (!present(u.messages)) issue(ctx, 'context_update with mode="messages" needs messages');
      if (present(u.text)) issue(ctx, 'context_update with mode="messages" must not carry text');
    }
  });

const scalar = z.union([z.boolean(), z.number(), z.string()]);

export const DataUpdateArgSchema = z
  .strictObject({
    id: z.string().min(1).max(128),
    operation: z.enum(["set", "unset", "not_applicable"]).default("set"),
    value: opt(z.union([scalar, z.array(scalar)])),
  })
  .superRefine((d, ctx) => {
    if (d.operation === "set" && !present(d.value)) issue(ctx, 'a data update with operation="set" needs a value');
    if (d.operation !== "set" && present(d.value)) issue(ctx, `a data update with operation="${d.operation}" takes no value`);
  });

export const DimensionUpdateArgSchema = z
  .strictObject({
    id: id128,
    operation: z.enum(["set", "exclude", "clear"]),
    status: opt(z.enum(["achieved", "not_achieved"])),
  })
  .superRefine((d, ctx) => {
    if (d.operation === "set" && !present(d.status)) issue(ctx, 'a dimension update with operation="set" needs a status');
    if (d.operation !== "set" && present(d.status)) issue(ctx, `a dimension update with operation="${d.operation}" takes no status`);
  });

export const ObjectiveUpdateArgSchema = z
  .strictObject({ operation: z.enum(["set", "clear"]), status: opt(z.enum(["achieved", "not_achieved"])) })
  .superRefine((o, ctx) => {
    if (o.operation === "set" && !present(o.status)) issue(ctx, 'an objective update with operation="set" needs a status');
    if (o.operation === "clear" && present(o.status)) issue(ctx, 'an objective update with operation="clear" takes no status');
  });

export const ClientUpdatesArgSchema = z
  .strictObject({
    data: opt(z.array(DataUpdateArgSchema).max(100)),
    dimensions: opt(z.array(DimensionUpdateArgSchema).max(100)),
    objective: opt(ObjectiveUpdateArgSchema),
  })
  .superRefine((u, ctx) => {
    if (!present(u.data) && !present(u.dimensions) && !present(u.objective)) {
      issue(ctx, "client_updates must carry data, dimensions or objective");
    }
  });

const QUESTION_TYPES = ["open", "single_choice", "multiple_choice", "semi_open"] as const;

export const SelectionArgSchema = z.strictObject({
  candidate_count: opt(z.number().int().min(1).max(10)),
  dimensions: opt(z.strictObject({ ids: z.array(z.string()).min(1).max(100), mode: z.enum(["restrict", "prefer"]) })),
  allowed_question_types: opt(z.array(z.enum(QUESTION_TYPES)).min(1)),
  required_target_ids: opt(z.array(z.string()).min(1).max(100)),
  excluded_question_ids: opt(z.array(z.string()).max(500)),
});

const sessionId = z.string().describe("The session_id returned by zelinqa_create_session.");
const stateVersion = opt(z.number().int().min(0)).describe(STATE_VERSION_DESCRIPTION);

export const CreateSessionArgsSchema = z.object({
  client_reference: opt(z.string().max(128)).describe("Your own non-personal reference, echoed unchanged."),
  max_turns: opt(z.number().int().min(1).max(100)).describe("Turn limit for this session."),
  initial_history: opt(z.array(InitialHistoryItemArgSchema).max(100)).describe("Earlier messages, consumed once."),
});

export const SessionIdArgsSchema = z.object({ session_id: sessionId });

export const NextArgsSchema = z.object({
  session_id: sessionId,
  state_version: stateVersion,
  previous_turn: opt(PreviousTurnArgSchema),
  context_update: opt(ContextUpdateArgSchema),
  client_updates: opt(ClientUpdatesArgSchema),
  selection: opt(SelectionArgSchema),
});

export const ApplyEventsArgsSchema = z.object({
  session_id: sessionId,
  state_version: stateVersion,
  context_update: opt(ContextUpdateArgSchema),
  client_updates: opt(ClientUpdatesArgSchema),
});

export const SubmitFeedbackArgsSchema = z.object({
  session_id: sessionId,
  result: z.enum(["success", "partial", "failure"]),
  label: opt(z.string().max(128)).describe("Your outcome name."),
  metadata: opt(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).describe("Short correlation facts only."),
});
