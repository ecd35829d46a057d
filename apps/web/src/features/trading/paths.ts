/** The trading routes this feature links between (spec §2, plus our own verification page). */
export const HALL_PATH = '/pages/game/index';
export const ROOM_PATH = '/pages/game/rule';
export const ROUND_PLAY_PATH = '/pages/game/game';
export const GUIDE_PATH = '/pages/game/huodong1';
export const VERIFY_PATH = '/pages/game/verify';
export const TOP_UP_PATH = '/pages/recharge/chongzhi1';
export const LOGIN_PATH = '/pages/login/index';
