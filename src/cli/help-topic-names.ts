// The names of the help topics (`infra help environment`), apart from their pages
// (help-topics.ts) so that routing knows them without loading the pages.
export const HELP_TOPIC_NAMES = ['environment', 'exit-codes', 'formatting'] as const;
export type HelpTopicName = (typeof HELP_TOPIC_NAMES)[number];

export function isHelpTopic(word: string): word is HelpTopicName {
  return (HELP_TOPIC_NAMES as readonly string[]).includes(word);
}
