// Interface text in the game's language: a Russian game gets a Russian page. The detector's
// verdict, the notes under a review or a judged grid (notes.Note), the assistant's list notes and
// the errors of a refused word or grid (WordlelabError.parts) come as data and are said here;
// other error messages from the server (a bad position, say) stay as the library writes them.

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
    guessBoards: { by: "boards", one: "Guess {boards} word of {n} letters in {tries} tries.", other: "Guess {boards} words of {n} letters in {tries} tries." },
    guessAbsurdle: "Absurdle: the answer dodges you. Corner it in as few guesses as you can.",
    triesLeft: { one: "{n} try left", other: "{n} tries left" },
    wordWas: "The word was {word}.", wordsWere: "The words were {words}.",
    boardsWon: { by: "boards", one: "The word in {n}/{tries}!", other: "All {boards} words in {n}/{tries}!" }, absurdleWon: "Cornered! {word} in {n}.",
    absurdleLeft: { one: "{n} word still possible", other: "{n} words still possible" },
    board: "board {i}", solvedBoard: "board {i}, solved",
    settingsNewGame: "A new game with the new settings (the one under way was left, not counted).", typeFirst: "Type a word first.",
    otherLayout: "{key} is not a letter of this game's alphabet: switch the keyboard layout, or use the keys on screen.",
    copied: "Copied.", copyFailed: "Copy is not allowed here; select the grid and copy it by hand.",
    restoreLost: "The game in progress could not be restored (the server was restarted); here is a new one.",
    scrollsSideways: "Table, scrolls sideways: more columns out of sight",
    assistRestoring: "Restoring the rows entered before…",
    assistNotRestored: "The rows entered before could not be restored, so they were dropped ({error}). Click Start to begin again.",
    assistRestoreFailed: "The rows entered before could not be restored just now ({error}); reload the page to try again.",
    restoreRefused: "The game in progress could not be restored (the server refused it); here is a new one.",
    restoreRefusedNow: "This game could not be restored on the server (it refused it); start a new one.",
    rowsRefused: "the server refused them", serverFailed: "the server or the network failed",
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
    wordsExample: "salet drone ...", positionExample: "salet:...y. drone:y...g",
    strategies: "Strategies", compare: "Compare", stop: "Stop", progress: "Progress",
    wordsLeftHead: { one: "{n} word left", other: "Words left: {n} (most common first)" },
    wordsLeftBoards: "Words left on each board (most common first)",
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
    hGuess: "guess",
    hBits: "bits",
    hExpectedLeft: "expected left",
    hPAnswer: "P(answer)",
    hWorst: "worst case",
    hExpectedGuesses: "expected guesses", hCostVsBest: "cost vs the best",
    candidateKey: "✓ a possible answer: playing it can win at once.",
    assistIntro: "A coach for a game you play elsewhere (the NYT's, a friend's). Press Start and play the word it suggests there; then give the word you played and the colours the game showed, and it suggests the next guess, with the best guesses and the words still possible. The strategy is how it chooses: coach plays the proven best move where one is known.",
    hExact: "exact guesses",
    canFail: "∞ (can fail)",
    widenedNote: "no listed answer fits; every allowed word is possible now",
    offListNote: "The answer is not on the answer list.",
    hTiles: "tiles",
    hWordsLeft: "words left",
    hPlayed: "played",
    hBest: "best",
    hCost: "cost",
    hLuck: "luck",
    hRow: "row",
    hBefore: "before",
    hAfter: "after",
    hChance: "chance",
    hBestGuess: "best guess",
    hBestExpected: "best expected",
    hSkill: "skill",
    benchCount: "{done} / {n} games ({current})",
    benchStoppedSome: "Stopped; the strategies that finished before are shown.",
    benchStoppedNone: "Stopped before any strategy finished; nothing to show.",
    benchStoppedBudget: "Stopped after its time budget of {s} s; the strategies that finished are shown.",
    benchHead: "{strategy} (opens {opener}): mean {mean}, worst {worst}, {n} failed",
    benchChart: "{strategy}: games won in N guesses",
    benchWonIn: "in {g}: {n}",
    benchCaption: "Bar heights are proportional to the games. Games won {won}; lost: {n}.",
    benchGuesses: "Guesses", benchGamesHead: "Games",
    benchGames: "games",
    skillKey: "Skill and luck run from 0 to 99, as on the command line; skill* comes from exact values.",
    perfectFrom: "Perfect play from here: ",
    refusedMark: " (refused)",
    provenAvg: "{v} guesses on average, proven",
    boundsAvg: "{v} guesses on average (proven bounds; the exact search used its work budget)",
    reviewHead: "Exact review{mode}: expected guesses from each position, this guess included",
    hardSuffix: " (hard mode)",
    totalCost: "Total cost against perfect play: {v} guesses ({proof}).",
    proofExact: "exact",
    proofBounds: "proven bounds: some steps used their work budget",
    chartLeft: "Possible answers after each guess",
    chartLeftCaption: "On a log scale, so that the last few words still show: {said}.",
    leftAfter: "{n} after guess {g}",
    chartCost: "Guesses lost at each move against perfect play",
    seriesLeft: "answers left", seriesLost: "guesses lost",
    costMoves: "Moves that cost guesses: {list}.",
    costNone: "No exactly valued move cost a guess.",
    costHatched: " Hatched: only bounds are proven for move {list} (≥ lower, ≤ upper).",
    reportHead: "Report: {score}{number}",
    noReview: "No exact review of these words: {why}.",
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
    guessBoards: { by: "boards", one: "Угадайте {boards} слово из {n} букв. Попыток: {tries}.", few: "Угадайте {boards} слова из {n} букв. Попыток: {tries}.", many: "Угадайте {boards} слов из {n} букв. Попыток: {tries}.", other: "Угадайте {boards} слова из {n} букв. Попыток: {tries}." },
    guessAbsurdle: "Absurdle: ответ от вас уворачивается. Загоните его в угол как можно быстрее.",
    triesLeft: { one: "Осталась {n} попытка", few: "Осталось {n} попытки", many: "Осталось {n} попыток", other: "Осталось {n} попытки" },
    wordWas: "Загаданное слово: {word}.", wordsWere: "Загаданные слова: {words}.",
    boardsWon: { by: "boards", one: "Отгадано {boards} слово из {boards} за {n}/{tries}!", few: "Все {boards} слова за {n}/{tries}!", many: "Все {boards} слов за {n}/{tries}!", other: "Все {boards} слова за {n}/{tries}!" }, absurdleWon: "Попался! {word} за {n}.",
    absurdleLeft: { one: "Возможно ещё {n} слово", few: "Возможно ещё {n} слова", many: "Возможно ещё {n} слов", other: "Возможно ещё {n} слова" },
    board: "поле {i}", solvedBoard: "поле {i}, решено",
    settingsNewGame: "Новая игра с новыми настройками (начатая оставлена и не засчитана).", typeFirst: "Сначала наберите слово.",
    otherLayout: "{key} — не буква алфавита этой игры: переключите раскладку клавиатуры или нажимайте клавиши на экране.",
    copied: "Скопировано.", copyFailed: "Копирование здесь запрещено; выделите результат и скопируйте вручную.",
    restoreLost: "Начатую игру восстановить не удалось (сервер перезапущен); вот новая.",
    scrollsSideways: "Таблица прокручивается вбок: не все столбцы видны",
    assistRestoring: "Восстанавливаю записанные ранее ходы…",
    assistNotRestored: "Записанные ранее ходы восстановить не удалось, они удалены ({error}). Нажмите «Начать», чтобы начать заново.",
    assistRestoreFailed: "Записанные ранее ходы сейчас восстановить не удалось ({error}); обновите страницу, чтобы попробовать снова.",
    restoreRefused: "Начатую игру восстановить не удалось (сервер её не принял); вот новая.",
    restoreRefusedNow: "Эту игру не удалось восстановить на сервере (он её не принял); начните новую.",
    rowsRefused: "сервер их не принял", serverFailed: "сбой сервера или сети",
    played: "Сыграно", winPercent: "% побед", currentStreak: "Серия", maxStreak: "Лучшая серия",
    distribution: "Число попыток", thisGame: "эта игра",
    praise: { Genius: "Гениально", Magnificent: "Великолепно", Impressive: "Впечатляет", Splendid: "Блестяще",
      Great: "Отлично", Phew: "Уф" },
    // What a strategy's figure for a guess is (the library's Choice.metric), said in Russian.
    metrics: {
      "bits": "бит", "draw": "жребий", "estimated guesses": "ходов по оценке", "expected left": "останется в среднем",
      "guesses": "ходов", "largest group": "наибольшая группа", "letter score": "очки букв",
      "linked candidates": "связанных кандидатов", "patterns": "разных ответов", "projection": "проекция",
      "last candidate": "последний кандидат", "mean guesses from here": "ходов в среднем отсюда",
      "mean guesses from here (proven)": "ходов в среднем отсюда (доказано)",
      "mean guesses from here (proven tree)": "ходов в среднем отсюда (доказанное дерево)",
      "proven best opener": "доказанно лучшее первое слово", "bits+solves": "бит + решённые поля",
      "score": "оценка", "value": "значение",
    },
    strategy: "Стратегия", start: "Начать", wordPlayed: "Сыгранное слово", orColours: "или цвета", record: "Записать",
    notAccepted: "Слово не принято", undo: "Отменить", bestGuesses: "Лучшие ходы", show: "показать",
    exactBest: "Точно лучшие ходы (доказано)", playedRows: "Сыгранные строки", recordGuess: "Записать ход",
    tilesHelp: "Цвета: нажмите на клетку — серый, жёлтый, зелёный",
    tilesHint: "Нажмите на клетку, чтобы сменить цвет (серый → жёлтый → зелёный), или введите цвета.",
    tileTitle: "Нажмите, чтобы сменить цвет", tileAria: "буква {i} {letter}: {colour}; нажмите, чтобы сменить",
    working: "Считаю…", analysing: "Разбираю… первый точный поиск на свежем сервере может занять минуту.",
    shareGridLabel: "Результат игры", wordsPlayed: "Сыгранные слова по порядку (необязательно)",
    answerOptional: "Ответ (необязательно)", orPosition: "или позиция вместо результата", analyseButton: "Разобрать",
    wordsExample: "ветер порог ...", positionExample: "ветер:...y. порог:y...g",
    strategies: "Стратегии", compare: "Сравнить", stop: "Стоп", progress: "Ход работы",
    wordsLeftBoards: "Оставшиеся слова на каждом поле (частые первыми)",
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
    hGuess: "слово",
    hBits: "бит",
    hExpectedLeft: "останется",
    hPAnswer: "P(ответ)",
    hWorst: "в худшем",
    hExpectedGuesses: "ожидаемо ходов", hCostVsBest: "потеря против лучшего",
    candidateKey: "✓ возможный ответ: этим ходом можно сразу выиграть.",
    assistIntro: "Подсказчик для игры, в которую вы играете в другом месте (на сайте газеты, у друга). Нажмите «Начать» и сыграйте там предложенное слово; затем введите сыгранное слово и цвета, которые показала игра, — и он предложит следующий ход, с лучшими ходами и словами, которые ещё возможны. Стратегия — это способ выбора хода; первая в списке играет доказанно лучший ход там, где он известен.",
    hExact: "ходов точно",
    canFail: "∞ (может не уложиться)",
    widenedNote: "ни один ответ из списка не подходит; теперь возможно любое допустимое слово",
    offListNote: "Этого ответа нет в списке ответов.",
    hTiles: "клетки",
    hWordsLeft: "осталось слов",
    hPlayed: "сыграно",
    hBest: "лучший",
    hCost: "потеря",
    hLuck: "удача",
    hRow: "строка",
    hBefore: "до",
    hAfter: "после",
    hChance: "шанс",
    hBestGuess: "лучший ход",
    hBestExpected: "у лучшего",
    hSkill: "мастерство",
    benchCount: "сыграно {done} из {n} ({current})",
    benchStoppedSome: "Остановлено; показаны стратегии, которые успели закончить.",
    benchStoppedNone: "Остановлено до того, как закончилась хоть одна стратегия; показывать нечего.",
    benchStoppedBudget: "Остановлено по лимиту времени ({s} с); показаны стратегии, которые успели закончить.",
    benchHead: { one: "{strategy} (первый ход {opener}): в среднем {mean}, худшая игра {worst}, {n} проигрыш",
      few: "{strategy} (первый ход {opener}): в среднем {mean}, худшая игра {worst}, {n} проигрыша",
      other: "{strategy} (первый ход {opener}): в среднем {mean}, худшая игра {worst}, {n} проигрышей" },
    benchChart: "{strategy}: игры, выигранные за N попыток",
    benchWonIn: "за {g}: {n}",
    benchCaption: "Высота столбца пропорциональна числу игр. Выиграно {won}; проиграно: {n}.",
    benchGuesses: "Попыток", benchGamesHead: "Игр",
    benchGames: "игры",
    skillKey: "Мастерство и удача — от 0 до 99, как в командной строке; мастерство* — по точным значениям.",
    perfectFrom: "Идеальная игра отсюда: ",
    refusedMark: " (отклонено)",
    provenAvg: "в среднем {v} хода, доказано",
    boundsAvg: "в среднем {v} хода (доказанные границы; точный поиск исчерпал бюджет работы)",
    reviewHead: "Точный разбор{mode}: ожидаемое число ходов из каждой позиции, включая этот",
    hardSuffix: " (сложный режим)",
    totalCost: "Потеря против идеальной игры: {v} хода ({proof}).",
    proofExact: "точно",
    proofBounds: "доказанные границы: часть шагов исчерпала бюджет работы",
    chartLeft: "Возможные ответы после каждого хода",
    chartLeftCaption: "В логарифмическом масштабе, чтобы были видны последние слова: {said}.",
    leftAfter: "{n} после хода {g}",
    chartCost: "Ходы, потерянные на каждом шаге против идеальной игры",
    seriesLeft: "осталось ответов", seriesLost: "потеряно ходов",
    costMoves: "Шаги с потерей: {list}.",
    costNone: "Ни один точно оценённый шаг не стоил хода.",
    costHatched: " Штриховка: для шага {list} доказаны только границы (≥ нижняя, ≤ верхняя).",
    reportHead: "Итог: {score}{number}",
    noReview: "Точного разбора этих слов нет. {why}.",
    verdict_plausible: "правдоподобно", verdict_unusual: "необычно", verdict_suspicious: "подозрительно",
    dShare: "в {pct} случаев", dShareOnly: "лишь в {pct} случаев", dShareRare: "лишь 1 раз из {k}",
    dNoChance: "не было шанса", dOneIn: "был шанс 1 из {k}", dChance: "был шанс {pct}",
    dInconsistent: "строки не могут быть из одной настоящей игры на этих списках",
    dEven: "даже ", dPerfect: "идеальная игра", dAssistant: "игра помощника по умолчанию",
    dNever: { one: "{who} никогда не решает за {n} попытку", few: "{who} никогда не решает за {n} попытки",
      many: "{who} никогда не решает за {n} попыток", other: "{who} никогда не решает за {n} попытки" },
    dSolvesIn1: "{who} решает с первой попытки {share}",
    dSolvesWithin: { one: "{who} решает не более чем за {n} попытку {share}", few: "{who} решает не более чем за {n} попытки {share}",
      many: "{who} решает не более чем за {n} попыток {share}", other: "{who} решает не более чем за {n} попытки {share}" },
    dFirstGuess: "решить с первой попытки — значит начать с самого ответа: {share} у игрока, который начинает с возможного ответа",
    dUnsolved: "не решено: ничего необычно хорошего",
    dOwn: "со словами самого игрока у победной попытки (строка {row}) {odds}",
    dNone: "для этих списков нет сильного игрока, а сыгранных слов, чтобы судить, нет",
    dWidened: "оценено по списку ответов, расширенному словами {words}",
    // The notes under a review or a judged grid (notes.Note kinds); English uses the server's text.
    note_outside: "ответа нет в списке ответов: к ответам добавлены подходящие допустимые слова ({words})",
    note_opener_can_fail: "после {word} никакая стратегия в сложном режиме не решает каждый ответ за 6 попыток (доказано, таблица {source}): какому-то ответу может понадобиться 7-я попытка, поэтому ожидаемое число ходов по правилу шести попыток не конечно, и потеря показана как ∞; {best} решает каждый ответ за 6 ({best_mean} хода в среднем)",
    note_no_expected: "перед ходом {turn} никакая стратегия не решает все оставшиеся ответы ({answers}) за оставшиеся попытки ({n}) (доказано): у этого шага нет ожидаемого числа ходов",
    note_lifted: { one: "перед ходом {turns} никакая стратегия не решает все оставшиеся ответы за оставшиеся попытки (доказано): этот шаг оценён так, будто игра позволяет {g} попыток (‡)",
      other: "перед ходами {turns} никакая стратегия не решает все оставшиеся ответы за оставшиеся попытки (доказано): эти шаги оценены так, будто игра позволяет {g} попыток (‡)" },
    note_safety_net: { one: "защитный предел времени ({seconds} с на шаг) остановил поиск на шаге {turns} раньше, чем кончился бюджет работы{budget}: это доказанные границы, но другая машина может доказать больше",
      other: "защитный предел времени ({seconds} с на шаг) остановил поиск на шагах {turns} раньше, чем кончился бюджет работы{budget}: это доказанные границы, но другая машина может доказать больше" },
    note_safety_net_rows: { one: "защитный предел времени ({seconds} с на шаг) остановил точный поиск в строке {rows} раньше, чем кончился бюджет работы: мастерство там информационное, а другая машина может доказать его точно",
      other: "защитный предел времени ({seconds} с на шаг) остановил точный поиск в строках {rows} раньше, чем кончился бюджет работы: мастерство там информационное, а другая машина может доказать его точно" },
    note_hard_green_lost: { one: "строка {row} теряет зелёную клетку в позиции {positions}, а сложный режим это запрещает",
      other: "строка {row} теряет зелёные клетки в позициях {positions}, а сложный режим это запрещает" },
    note_hard_hints_drop: "в строке {row} цветных клеток {n}, а в одной из строк до неё их было {before}; в сложном режиме каждая открытая буква используется снова, так что их число не может уменьшиться",
    note_answer_misfit: "ни одно допустимое слово не даёт строку {row} ({tiles}), если ответ — {answer}",
    note_no_answer_fits: "ни один ответ из списка не подходит ко всем строкам",
    note_breaks_hard: "строка {row}: слово {word} нарушает сложный режим ({need})",
    hardKeep: "{position}-я буква должна быть {letter}",
    hardContain: "в слове должна быть буква {letter}",
    hardTimes: "буква {letter} должна встретиться не менее {times} раз",
    // The server's errors given as data (WordlelabError.parts): err_<kind>, the same figures.
    err_unknown_word: "Слова {input} нет в списке",
    err_word_length: { one: "В слове {input} {n} буква, а нужно {length}", few: "В слове {input} {n} буквы, а нужно {length}",
      many: "В слове {input} {n} букв, а нужно {length}", other: "В слове {input} {n} буквы, а нужно {length}" },
    err_bad_letters: "В слове {input} есть знаки не из алфавита этой игры: {letters}",
    err_hard_mode: "Сложный режим: {need}; слово {input} не подходит",
    err_game_over: "Игра окончена; слово {input} не сыграно",
    err_only_word_left: "{word} — единственное оставшееся слово, то есть ответ, и игра его примет (если не приняла, где-то раньше введены неверные цвета: «Отменить» убирает строку)",
    err_no_fit: "Ни одно оставшееся слово не даёт {emoji} на {guess}; проверьте цвета",
    err_feedback_chars: "В цветах {input} есть знаки {chars}; пишите . y g, 0 1 2, B/N/W Y G, X O F или цветными квадратами",
    err_feedback_mixed: "В цветах {input} смешаны разные обозначения; используйте одно",
    err_feedback_length: "В цветах {input} клеток: {tiles}, а нужно {expected}",
    err_position_tiles: "В слове {input} букв: {letters}, а клеток в его цветах {feedback}: {tiles}",
    err_position_no_guesses: "В позиции {input} нет ни одного хода",
    err_position_no_feedback: "В позиции у слова {input} нет цветов (без цветов может быть только последнее слово)",
    err_position_not_word: "В позиции {input} — не слово",
    err_position_word_lengths: "В позиции в слове {input} букв: {letters}, а в слове {first}: {first_letters}",
    err_position_after_win: "В позиции ход {input} идёт после того, как слово уже отгадано",
    err_play_length: "Длина слова {length}: wordlelab играет словами от {min} до {max} букв",
    err_bench_running: "Сравнение уже идёт; дождитесь его окончания",
    err_no_strategy: "Не выбрано ни одной стратегии",
    err_unknown_strategy: "Нет стратегии «{name}»; есть: {known}",
    err_too_many_strategies: "Стратегий: {n}; сравнивать можно не больше {max} сразу",
    err_strategy_twice: "Стратегия «{name}» указана дважды",
    err_grid_line_too_long: "Строка {line}: клеток {tiles}, букв {letters}; допускается не больше {max_tiles} клеток и {max_letters} букв",
    err_grid_mixed_line: "В строке {line} клетки перемешаны с другими знаками",
    err_grid_second: "Строка {line} начинает вторую таблицу; вставляйте по одной",
    err_grid_groups: "В строке {line} клетки стоят группами ({groups} по {tiles}): каждую строку таблицы — на отдельной строке (таблица нескольких полей, как в Quordle, — не таблица Wordle)",
    err_grid_row_length: "Строка {line}: клеток {tiles}, а в строках выше — {above}",
    err_grid_after_solved: "Строка {line} идёт после отгаданной строки",
    err_grid_none: "Таблица не найдена (нет строк из цветных квадратов)",
    err_nothing_to_review: "Нечего разбирать: вставьте результат игры, позицию или сыгранные слова с ответом",
    err_grid_lost_but_solved: "В заголовке {header} сказано X (не отгадано), но последняя строка отгадана",
    err_grid_lost_rows: "В заголовке {header} сказано X/{max_guesses}, но строк в таблице: {rows}",
    err_grid_score_range: "Заголовок {header}: {score} — не от 1 до {max_guesses}",
    err_grid_score_rows: "В заголовке {header} сказано {score}, но строк в таблице: {rows}",
    err_grid_solved_not_green: "В заголовке {header} сказано, что слово отгадано, но последняя строка не вся зелёная",
    err_grid_too_many_rows: "Строк в таблице: {rows}, а в игре не больше {max_guesses} попыток",
    err_too_many_guesses: "Сыграно слов: {played}, а в игре не больше {max_guesses} попыток",
    err_grid_word_length: "Клеток в строке таблицы: {tiles}, а букв в словах: {letters}",
    err_grid_rows_words: "Строк в таблице: {rows}, а слов: {words}",
    err_saved_changed: "Сохранённая игра изменена или записана другим сервером; начните новую",
    err_grid_word_answer: "Строка {row}: {guess} при ответе {answer} даёт {gives}, а не {tiles}; проверьте слова и цвета",
    err_grid_no_answer: "Строка {row}: ни один ответ, подходящий к строкам выше, не даёт {emoji} на {guess}; проверьте слова и цвета",
    err_word_answer: "Ход {row}: {guess} при ответе {answer} даёт {gives}, а не {tiles}",
    err_after_win: "Ход {turn} ({guess}) сыгран после того, как слово {won} уже отгадано",
    err_position_and_words: "Укажите позицию или сыгранные слова, но не то и другое сразу",
    err_words_need_feedback: "К сыгранным словам нужен ответ или таблица с результатом, чтобы узнать цвета каждого хода",
    err_exact_length: "Точный поиск берёт слова не длиннее {max} букв, а в этой игре {length}",
    err_absurdle_seed: "В Absurdle нет загаданного слова, поэтому номер игры ({seed}) ничего не выбирает: играйте без него",
    err_not_whole: "{field}: нужно целое число, а не «{value}»",
    err_number_range: "{field}: нужно число от {min} до {max}, а не {value}",
    // The request fields a number is refused for, as err_not_whole and err_number_range name them.
    fields: { seed: "Номер игры", length: "Длина слова", boards: "Число полей", tries: "Число попыток", top: "Число лучших ходов" },
    err_patterns_count: "Наборов цветов нужно: {want} (по одному на каждое неотгаданное поле: {boards}), а дано: {got}",
    err_board_unsolved: "не отгадано — укажите его цвета",
    err_board_solved: "уже отгадано — цвета для него не нужны (напишите «-»)",
    err_position_ends_with_guess: "Позиция кончается словом {guess} без цветов; для разбора нужны цвета каждого слова",
    err_replay: "шаг {action} из {actions} ({what}): {cause}",
    replaySkip: "«слово не принято» для {word}",
    replayRefused: "сервер его не принимает",
    onBoard: "поле {i}: ",
    note_lost: "проиграно; возможных ответов оставалось: {n}",
    openerLine: "Первый ход {word}: {total} ходов на {answers} ответов, {mean} за игру, {rank}{tied}, на {gap} хода за игру хуже {best} (таблица {source}).",
    openerBest: "Первый ход {word}: {total} ходов на {answers} ответов, {mean} за игру, лучший первый ход{tied} (таблица {source}).",
    openerBound: "Первый ход {word}: не менее {total} ходов на {answers} ответов (доказанная нижняя граница), не менее {mean} за игру, {rank}, не менее чем на {gap} хода за игру хуже {best} (таблица {source}).",
    openerRank: "место {rank} из {of}",
    openerRankOrLower: "место {rank} или ниже из {of}",
    openerTied: " (наравне с {ties})",
  },
};

let current = "en";

export function lang() { return current; }

/** The text for ``key`` with {name} filled in; a plural form is chosen by ``vars.n`` (or by
 * the figure the text names in ``by``: "4 слова из 5 букв" counts the boards, not the letters). */
export function t(key, vars = {}) {
  let text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (typeof text === "object") {
    const form = new Intl.PluralRules(current).select(Number(vars[text.by ?? "n"]));
    text = text[form] ?? text.other;
  }
  // A fractional number given as a figure gets the page's decimal mark (3,5526 in Russian).
  const shown = (v) => (typeof v === "number" && !Number.isInteger(v) && current === "ru" ? String(v).replace(".", ",") : String(v));
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? shown(vars[name]) : `{${name}}`));
}

/** A refused request's reason in the page's language: the English line on the English page;
 * elsewhere the server's error as data (``parts``: kind and figures) in this page's words, or
 * null where it has none for that kind (a caller that must not show English says something of
 * its own). */
export function reasonText(data) {
  if (!data) return null;
  if (current === "en") return data.error ?? null;
  const parts = data.parts;
  if (!parts || typeof parts !== "object") return null;
  const key = `err_${parts.kind}`;
  const vars = { ...parts, input: String(parts.input ?? "").toUpperCase(), guess: String(parts.guess ?? "").toUpperCase() };
  if (parts.kind === "word_length") vars.n = parts.letters;
  if ("field" in parts) vars.field = (STRINGS[current].fields || {})[parts.field] ?? parts.field;
  for (const name of ["line", "header"]) if (name in parts) vars[name] = `«${parts[name]}»`;
  if (parts.kind === "hard_mode") vars.need = t(parts.position ? "hardKeep" : parts.times > 1 ? "hardTimes" : "hardContain", parts);
  if (parts.kind === "replay") {
    // An action of a rebuilt assistant that no longer fits: which one, and its own error.
    const word = String(parts.word ?? "").toUpperCase();
    vars.what = parts.skip ? t("replaySkip", { word }) : word;
    vars.cause = lowerFirst(reasonText({ parts: parts.cause }) ?? t("replayRefused"));
  }
  const text = t(key, vars);
  if (text === key) return null;
  // An error said of one board of several ("board 3: ...") names it here too.
  return Number.isInteger(parts.board) ? t("onBoard", { i: parts.board }) + lowerFirst(text) : text;
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** A refused request's message in the page's language where this page has words for it (see
 * ``reasonText``), else the server's English line. */
export function errorText(data) {
  return reasonText(data) ?? data.error;
}

/** The name of a strategy's figure (Choice.metric) in the page's language; the library's own name
 * where there is no translation. */
export function metricName(name) {
  return (STRINGS[current].metrics || {})[name] || name;
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
