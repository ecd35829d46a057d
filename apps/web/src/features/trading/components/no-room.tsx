/** A room page opened without a room (or with one that does not exist): the way to the trading hall. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HALL_PATH } from '../../../lib/paths.ts';

export function NoRoom() {
  const { t } = useTranslation();
  return (
    <div className="notice" data-testid="no-room">
      <p>{t('trading.room.chooseRoom')}</p>
      <Link className="text-button" to={HALL_PATH}>
        {t('trading.room.toHall')}
      </Link>
    </div>
  );
}
