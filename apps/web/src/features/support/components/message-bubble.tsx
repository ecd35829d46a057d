/**
 * One message of the conversation: the user's own on the right, customer service's on the left. The text
 * is rendered as a React text node (never as HTML), line breaks kept by CSS; a shared location is a card
 * that opens it on the map.
 */
import type { SupportMessage } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { LocationCard } from './location-card.tsx';

export function MessageBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.author === 'user';
  const who = mine ? t('support.you') : t('support.operator');
  return (
    <div
      className={mine ? 'support-message support-message--mine' : 'support-message support-message--theirs'}
      data-testid="support-message"
      data-author={message.author}
    >
      <span className="support-message__meta">
        {who} ·{' '}
        <time dateTime={new Date(message.createdAt * 1000).toISOString()}>
          {formatTime(message.createdAt)}
        </time>
      </span>
      {message.kind === 'location' && message.location ? (
        <LocationCard location={message.location} />
      ) : (
        <p className="support-message__text" data-testid="support-message-text">
          {message.text}
        </p>
      )}
    </div>
  );
}
