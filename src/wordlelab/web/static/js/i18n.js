// Interface text in the game's language: a Russian game gets a Russian page. Messages from the
// server (a word not in the list, a bad grid) stay as the library writes them.

const STRINGS = {
  en: {
    pages: "Pages", settings: "Settings", play: "Play", assist: "Assist", analyse: "Analyse", bench: "Bench",
    variant: "Game", language: "Language", letters: "Letters", lists: "Lists", hard: "Hard mode",
    contrast: "High contrast", darkMode: "Dark mode (follows the system until pressed)",
    seed: "Seed", random: "random", newGame: "New game", statistics: "Statistics", results: "Results",
    practice: "Practice: this seed was played before here, so the game does not count in the statistics.",
    practiceDone: "A practice game: not counted in the statistics.",
    boardLabel: "Board: type letters, Enter to guess", keyboard: "Keyboard", shareGrid: "Share grid",
    share: "Share", analyseGame: "Analyse this game", close: "Close",
    enter: "Enter", deleteLetter: "Delete letter", empty: "empty",
    grey: "grey", yellow: "yellow", green: "green",
    guessWord: "Guess the {n}-letter word in {tries} tries.",
    guessBoards: "Guess {boards} words of {n} letters in {tries} tries.",
    guessAbsurdle: "Absurdle: the answer dodges you. Corner it in as few guesses as you can.",
    triesLeft: { one: "{n} try left", other: "{n} tries left" },
    wordWas: "The word was {word}.", wordsWere: "The words were {words}.",
    boardsWon: "All {boards} words in {n}/{tries}!", absurdleWon: "Cornered! {word} in {n}.",
    absurdleLeft: { one: "{n} word still possible", other: "{n} words still possible" },
    board: "board {i}", solvedBoard: "board {i}, solved",
    settingsLater: "The new settings apply from the next game.", typeFirst: "Type a word first.",
    copied: "Copied.", copyFailed: "Copy is not allowed here; select the grid and copy it by hand.",
    restoreLost: "The game in progress could not be restored (the server was restarted); here is a new one.",
    played: "Played", winPercent: "Win %", currentStreak: "Current streak", maxStreak: "Max streak",
    distribution: "Guess distribution", thisGame: "this game",
    praise: { Genius: "Genius", Magnificent: "Magnificent", Impressive: "Impressive", Splendid: "Splendid",
      Great: "Great", Phew: "Phew" },
    strategy: "Strategy", start: "Start", wordPlayed: "Word played", orColours: "or colours", record: "Record",
    notAccepted: "Word not accepted", undo: "Undo", bestGuesses: "Best guesses", show: "show",
    exactBest: "Exact best guesses (proven)", playedRows: "Played rows", recordGuess: "Record a guess",
    tilesHelp: "Colours: click a tile to cycle grey, yellow, green",
    tilesHint: "Click a tile to change its colour (grey → yellow → green), or type the colours.",
    tileTitle: "Click to change the colour", tileAria: "letter {i} {letter}: {colour}; click to change",
    working: "Working…", analysing: "Analysing… the first exact search on a fresh server can take a minute.",
    shareGridLabel: "Share grid", wordsPlayed: "Words played, in order (optional)", answerOptional: "Answer (optional)",
    orPosition: "or a position instead of the grid", analyseButton: "Analyse",
    strategies: "Strategies", compare: "Compare", stop: "Stop", progress: "Progress",
    wordsLeftHead: { one: "{n} word left", other: "Words left: {n} (most common first)" },
    answersFit: { one: "{n} answer fits the whole game: {words}", other: "{n} answers fit the whole game: {words}" },
    possibleNow: { one: "{n} possible now", other: "{n} possible now" },
    solvedIn: "Solved in {n}: {word}",
    playWord: "Play ", suggestionLine: " — {bits} bits, {expected} words expected to be left, {possible}",
    possibleFirst: "Few words are left: the possible answers lead the table.",
    boardLeft: { one: "Board {i}: {n} word left", other: "Board {i}: {n} words left" },
    boardSolved: "Board {i}: solved", allSolved: "All boards solved in {n}.",
    adversary: "the adversary would answer {emoji}", forcedWin: "A line that forces a win from here: {words}",
    absurdleHint: "Leave the colours untouched to let the adversary answer.",
    possibleAnswer: "a possible answer",
  },
  ru: {
    pages: "Страницы", settings: "Настройки", play: "Игра", assist: "Подсказчик", analyse: "Разбор", bench: "Сравнение",
    variant: "Игра", language: "Язык", letters: "Букв", lists: "Списки", hard: "Сложный режим",
    contrast: "Высокий контраст", darkMode: "Тёмная тема (пока не нажата — как в системе)",
    seed: "Номер", random: "случайно", newGame: "Новая игра", statistics: "Статистика", results: "Итоги",
    practice: "Тренировка: эта игра здесь уже была, в статистику она не попадёт.",
    practiceDone: "Тренировочная игра: в статистику не попадает.",
    boardLabel: "Поле: печатайте буквы, Enter — ход", keyboard: "Клавиатура", shareGrid: "Результат",
    share: "Поделиться", analyseGame: "Разобрать эту игру", close: "Закрыть",
    enter: "Ввод", deleteLetter: "Стереть букву", empty: "пусто",
    grey: "серый", yellow: "жёлтый", green: "зелёный",
    guessWord: "Угадайте слово из {n} букв. Попыток: {tries}.",
    guessBoards: "Угадайте {boards} слов(а) из {n} букв. Попыток: {tries}.",
    guessAbsurdle: "Absurdle: ответ от вас уворачивается. Загоните его в угол как можно быстрее.",
    triesLeft: { one: "Осталась {n} попытка", few: "Осталось {n} попытки", many: "Осталось {n} попыток", other: "Осталось {n} попытки" },
    wordWas: "Загаданное слово: {word}.", wordsWere: "Загаданные слова: {words}.",
    boardsWon: "Все {boards} слов(а) за {n}/{tries}!", absurdleWon: "Попался! {word} за {n}.",
    absurdleLeft: { one: "Возможно ещё {n} слово", few: "Возможно ещё {n} слова", many: "Возможно ещё {n} слов", other: "Возможно ещё {n} слова" },
    board: "поле {i}", solvedBoard: "поле {i}, решено",
    settingsLater: "Новые настройки — со следующей игры.", typeFirst: "Сначала наберите слово.",
    copied: "Скопировано.", copyFailed: "Копирование здесь запрещено; выделите результат и скопируйте вручную.",
    restoreLost: "Начатую игру восстановить не удалось (сервер перезапущен); вот новая.",
    played: "Сыграно", winPercent: "% побед", currentStreak: "Серия", maxStreak: "Лучшая серия",
    distribution: "Число попыток", thisGame: "эта игра",
    praise: { Genius: "Гениально", Magnificent: "Великолепно", Impressive: "Впечатляет", Splendid: "Блестяще",
      Great: "Отлично", Phew: "Уф" },
    strategy: "Стратегия", start: "Начать", wordPlayed: "Сыгранное слово", orColours: "или цвета", record: "Записать",
    notAccepted: "Слово не принято", undo: "Отменить", bestGuesses: "Лучшие ходы", show: "показать",
    exactBest: "Точно лучшие ходы (доказано)", playedRows: "Сыгранные строки", recordGuess: "Записать ход",
    tilesHelp: "Цвета: нажмите на клетку — серый, жёлтый, зелёный",
    tilesHint: "Нажмите на клетку, чтобы сменить цвет (серый → жёлтый → зелёный), или введите цвета.",
    tileTitle: "Нажмите, чтобы сменить цвет", tileAria: "буква {i} {letter}: {colour}; нажмите, чтобы сменить",
    working: "Считаю…", analysing: "Разбираю… первый точный поиск на свежем сервере может занять минуту.",
    shareGridLabel: "Результат игры", wordsPlayed: "Сыгранные слова по порядку (необязательно)",
    answerOptional: "Ответ (необязательно)", orPosition: "или позиция вместо результата", analyseButton: "Разобрать",
    strategies: "Стратегии", compare: "Сравнить", stop: "Стоп", progress: "Ход работы",
    wordsLeftHead: { one: "Осталось {n} слово", few: "Осталось {n} слова (частые первыми)",
      many: "Осталось {n} слов (частые первыми)", other: "Осталось {n} слова (частые первыми)" },
    answersFit: { one: "Всей игре подходит {n} ответ: {words}", few: "Всей игре подходят {n} ответа: {words}",
      many: "Всей игре подходят {n} ответов: {words}", other: "Всей игре подходят {n} ответа: {words}" },
    possibleNow: { one: "сейчас возможен {n}", few: "сейчас возможны {n}", many: "сейчас возможны {n}", other: "сейчас возможны {n}" },
    solvedIn: "Решено за {n}: {word}",
    playWord: "Играйте ", suggestionLine: " — {bits} бит, в среднем останется {expected} слов, {possible}",
    possibleFirst: "Слов осталось мало: возможные ответы — в начале таблицы.",
    boardLeft: { one: "Поле {i}: осталось {n} слово", few: "Поле {i}: осталось {n} слова", many: "Поле {i}: осталось {n} слов", other: "Поле {i}: осталось {n} слова" },
    boardSolved: "Поле {i}: решено", allSolved: "Все поля решены за {n}.",
    adversary: "противник ответит {emoji}", forcedWin: "Ходы, которые наверняка выигрывают отсюда: {words}",
    absurdleHint: "Не трогайте цвета — тогда ответит противник.",
    possibleAnswer: "возможный ответ",
  },
};

let current = "en";

export function lang() { return current; }

/** The text for ``key`` with {name} filled in; a plural form is chosen by ``vars.n``. */
export function t(key, vars = {}) {
  let text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (typeof text === "object") {
    const form = new Intl.PluralRules(current).select(Number(vars.n));
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

export function praise(word) {
  return (STRINGS[current].praise || STRINGS.en.praise)[word] || word;
}

/** Switch the interface language and rewrite every marked text in the page. */
export function setLang(code) {
  current = code in STRINGS ? code : "en";
  document.documentElement.lang = current;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const node of document.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
}
