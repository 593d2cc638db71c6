#pragma once
// Model files (core/model, systems/model_registry.h) under fuzzing: what every case must satisfy,
// and the corpus its mutations start from.
#include <QByteArray>
#include <QList>
#include <QString>

namespace fuzz {

/// The shipped models, a built-in system of each exporting kind as a model, and the test fixture.
QList<QByteArray> modelCorpus();

/// Line-level edits of a model file: statements deleted, duplicated, swapped or cut; a line's
/// expression or keyword replaced; limits approached (many statements, long lines); or the byte
/// and expression edits of Mutator. Deterministic for the mutator's seed.
class Mutator;
QByteArray mutateModel(Mutator& mutator, const QByteArray& input);

/// Parses bytes as a model file. Nothing may throw. A refusal has a one-line printable reason and
/// a position inside the text. An accepted model registers as a system whose default scenario is
/// valid or refused with a reason, and a valid one runs briefly (t_end 0.5, at most 20 000 steps)
/// by each of its methods, finishing or stopping with a one-line reason. Returns "" when the case
/// passed, else what was wrong.
QString checkModel(const QByteArray& bytes);

} // namespace fuzz
