// Input schemas of the business tools (docs/zelinqa-mcp.md §5.4). Property names and descriptions never mention ids
// or versions; optional fields accept null and are never required.
import { z } from "zod";
import { CONVERSATION_DESCRIPTION } from "../texts/business-descriptions.js";

const conversation = z.string().min(1).max(128).describe(CONVERSATION_DESCRIPTION);
const text8000 = z.string().min(1).max(8000);

export const ConversationArgsSchema = z.object({ conversation });

export const NextQuestionArgsSchema = z.object({
  conversation,
  user_text: text8000.nullable().optional().describe("The person's words, exactly as given."),
  candidate_rank: z
    .number()
    .int()
    .min(1)
    .max(10)
    .nullable()
    .optional()
    .default(1)
    .describe("Rank of the displayed question that was asked (default 1)."),
  choice_labels: z.array(z.string()).max(50).nullable().optional().describe("The exact displayed choice labels the person picked."),
  free_text: text8000.nullable().optional().describe("Extra free text, for semi-open questions only."),
  outcome: z
    .enum(["asked_answered", "asked_no_answer", "refused"])
    .nullable()
    .optional()
    .describe("Only when true: asked_no_answer (asked, no usable answer) or refused (the person declined)."),
  assistant_text: text8000.nullable().optional().describe("The question as you actually asked it."),
});
export type NextQuestionArgs = z.output<typeof NextQuestionArgsSchema>;

export const AddContextArgsSchema = z.object({
  conversation,
  summary: z.string().min(1).max(16000).describe("Context learned outside the questions."),
});

const scalar = z.union([z.boolean(), z.number(), z.string()]);
const configuredId = z.string().min(1).max(128);

export const AdjustDataSchema = z
  .strictObject({
    id: configuredId.describe("Configured data ID."),
    operation: z.enum(["set", "unset", "not_applicable"]).default("set"),
    value: z
      .union([scalar, z.array(scalar)])
      .nullable()
      .optional(),
  })
  .superRefine((item, ctx) => {
    const hasValue = item.value !== undefined && item.value !== null;
    if (item.operation === "set" && !hasValue) {
      ctx.addIssue({ code: "custom", message: 'a data update with operation="set" needs a value' });
    } else if (item.operation !== "set" && hasValue) {
      ctx.addIssue({ code: "custom", message: `a data update with operation="${item.operation}" takes no value` });
    }
  });
export type AdjustData = z.output<typeof AdjustDataSchema>;

export const AdjustArgsSchema = z.object({
  conversation,
  dimensions: z
    .array(
      z.strictObject({ id: configuredId.describe("Configured dimension ID."), status: z.enum(["achieved", "not_achieved", "excluded"]) }),
    )
    .min(1)
    .max(100)
    .nullable()
    .optional(),
  data: z.array(AdjustDataSchema).min(1).max(100).nullable().optional(),
  objective: z.enum(["achieved", "not_achieved"]).nullable().optional(),
});
export type AdjustArgs = z.output<typeof AdjustArgsSchema>;

export const FeedbackArgsSchema = z.object({
  conversation,
  result: z.enum(["success", "partial", "failure"]).describe("The actual business result."),
  label: z.string().max(128).nullable().optional().describe("Your outcome name."),
});
