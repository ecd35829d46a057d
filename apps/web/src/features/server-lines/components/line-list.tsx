/**
 * The server lines as a radio group: each with its name, address and latency measured here ("Checking",
 * "N ms", "Unreachable"), the one in use marked; lines the user added can be removed (not while in use).
 */
import { useTranslation } from 'react-i18next';
import type { LineHealth } from '../../../lib/line-health.ts';

export interface ListedLine {
  origin: string;
  name: string;
  manual: boolean;
}

export interface LineListProps {
  lines: readonly ListedLine[];
  health: ReadonlyMap<string, LineHealth>;
  inUse: string;
  onChoose: (line: ListedLine) => void;
  onRemove: (line: ListedLine) => void;
}

/** A quick line, a usable one, a slow one: colour follows the latency the user will feel. */
function speedClass(health: LineHealth | undefined): string {
  if (health === undefined) return 'line-list__latency';
  if (!health.reachable) return 'line-list__latency line-list__latency--down';
  if (health.latencyMs < 300) return 'line-list__latency line-list__latency--fast';
  if (health.latencyMs < 1000) return 'line-list__latency line-list__latency--fair';
  return 'line-list__latency line-list__latency--slow';
}

export function LineList({ lines, health, inUse, onChoose, onRemove }: LineListProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="line-list">
      <legend className="visually-hidden">{t('serverLines.listLabel')}</legend>
      {lines.map((line, index) => {
        const selected = line.origin === inUse;
        const result = health.get(line.origin);
        const latency =
          result === undefined
            ? t('serverLines.checking')
            : result.reachable
              ? t('serverLines.latency', { ms: result.latencyMs })
              : t('serverLines.unreachable');
        return (
          <div
            key={line.origin}
            className={selected ? 'line-list__row line-list__row--selected' : 'line-list__row'}
            data-testid={`line-${index + 1}`}
            data-origin={line.origin}
          >
            <label className="line-list__item">
              <input
                type="radio"
                name="server-line"
                className="visually-hidden"
                value={line.origin}
                checked={selected}
                onChange={() => onChoose(line)}
              />
              <span className="line-list__text">
                <span className="line-list__name">
                  {line.name}
                  {selected ? (
                    <span className="line-list__badge" data-testid="line-in-use">
                      {t('serverLines.inUse')}
                    </span>
                  ) : null}
                  {line.manual ? <span className="line-list__tag">{t('serverLines.added')}</span> : null}
                </span>
                <span className="line-list__origin">{line.origin}</span>
              </span>
              <span className={speedClass(result)} data-testid="line-latency" aria-live="polite">
                {latency}
              </span>
            </label>
            {line.manual && !selected ? (
              <button
                type="button"
                className="text-button line-list__remove"
                onClick={() => onRemove(line)}
                aria-label={t('serverLines.removeLabel', { name: line.name })}
                data-testid="line-remove"
              >
                {t('serverLines.remove')}
              </button>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
