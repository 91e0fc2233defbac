import type { ReportLocale } from '@indicata/contracts';
import { ANALYSIS_TOOLS, runToolCall } from './analysis/tools.ts';
import type { AnalysisDataset } from './analysis/dataset.ts';
import type { Outcome } from './analysis/run.ts';
import { LanguageModelError, parseJsonAnswer, type ChatMessage, type LanguageModel, type ToolCall, type ToolChatMessage } from './language-model.ts';
import { jsonToolProtocolPrompt, toolQuestionSystemPrompt } from './prompts.ts';

/** Most model turns of one question (tool rounds plus the answer). */
export const MAX_TOOL_TURNS = 5;

export interface ToolAnswer {
  /** The model's answer text. */
  text: string;
  /** Every tool result the model received (the facts its numbers must come from). */
  results: unknown[];
  /** The last computation that gave a result (its table or chart goes with the answer). */
  lastOutcome: Outcome | null;
}

/**
 * Answers a question with a language model that calls the analyst's computations as tools: natively
 * (OpenAI-compatible tool calls) when the model offers them, else through a prompted JSON protocol.
 * @throws LanguageModelError when the model fails or never answers within MAX_TOOL_TURNS
 */
export async function answerWithTools(model: LanguageModel, input: { question: string; dataset: AnalysisDataset; locale: ReportLocale; signal?: AbortSignal }): Promise<ToolAnswer> {
  const { dataset } = input;
  const target = dataset.target ? dataset.columns.find((c) => c.name === dataset.target) : undefined;
  const indicators = dataset.columns.slice(0, 60).map((c) => (c.label === c.name ? c.name : `${c.name}: ${c.label}`));
  const system = toolQuestionSystemPrompt(input.locale, indicators, target ? `${target.name}: ${target.label}` : null);
  const results: unknown[] = [];
  let lastOutcome: Outcome | null = null;
  const run = (call: Pick<ToolCall, 'name' | 'arguments'>) => {
    const { output, outcome } = runToolCall(call.name, call.arguments, dataset);
    results.push(output);
    if (outcome && 'result' in outcome) lastOutcome = outcome;
    return JSON.stringify(output);
  };

  if (model.chatWithTools) {
    const messages: ToolChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: input.question },
    ];
    for (let turn = 0; turn < MAX_TOOL_TURNS; turn++) {
      const reply = await model.chatWithTools({ messages, tools: ANALYSIS_TOOLS, signal: input.signal });
      if (reply.kind === 'text') return { text: reply.content, results, lastOutcome };
      messages.push({ role: 'assistant', content: null, toolCalls: reply.calls });
      for (const call of reply.calls) messages.push({ role: 'tool', toolCallId: call.id, content: run(call) });
    }
    throw new LanguageModelError('invalid-output', `The model called tools ${MAX_TOOL_TURNS} times without answering.`);
  }

  const messages: ChatMessage[] = [
    { role: 'system', content: `${system}\n${jsonToolProtocolPrompt(ANALYSIS_TOOLS)}` },
    { role: 'user', content: input.question },
  ];
  for (let turn = 0; turn < MAX_TOOL_TURNS; turn++) {
    const text = await model.complete({ messages, signal: input.signal });
    let parsed: unknown;
    try {
      parsed = parseJsonAnswer(text);
    } catch {
      // Not JSON: the model answered in plain text.
      return { text, results, lastOutcome };
    }
    const message = parsed as { tool?: unknown; arguments?: unknown; answer?: unknown };
    if (typeof message.answer === 'string') return { text: message.answer, results, lastOutcome };
    if (typeof message.tool !== 'string') throw new LanguageModelError('invalid-output', 'The model answered JSON that is neither a tool call nor an answer.');
    messages.push({ role: 'assistant', content: text });
    messages.push({ role: 'user', content: `TOOL RESULT (${message.tool}): ${run({ name: message.tool, arguments: JSON.stringify(message.arguments ?? {}) })}` });
  }
  throw new LanguageModelError('invalid-output', `The model called tools ${MAX_TOOL_TURNS} times without answering.`);
}
