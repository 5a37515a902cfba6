import { Link } from 'react-router';
import { Anchor, Highlight, Text } from '@mantine/core';
import type { TFaqAnswerPart } from '../texts/faq-content';

type Props = { answer: TFaqAnswerPart[]; highlight: string[] };

/** An FAQ answer: its text, with links to pages of the portal and the search words marked. */
export function FaqAnswer({ answer, highlight }: Props) {
  return (
    <Text c="gray.8">
      {answer.map((part, index) =>
        typeof part === 'string' ? (
          <Highlight key={index} component="span" highlight={highlight} inherit>
            {part}
          </Highlight>
        ) : (
          <Anchor key={index} component={Link} to={part.to} inherit underline="always">
            {part.text}
          </Anchor>
        ),
      )}
    </Text>
  );
}
