#pragma once
// The second pass of the model parser (model_parser.cpp): what the first pass read, with the text
// of every expression still to parse, and the checks that need every declaration (names used before
// they are declared, a contact's law parameters as model parameters, the slip velocity's affinity).
#include "model/model_spec.h"
#include "model/model_text.h"

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fl::model {

struct Pending {
    /// An expression's text: [begin, end) of the file.
    struct Text {
        std::size_t begin = 0;
        std::size_t end = 0;
        bool present() const { return end > begin; }
    };
    struct Name {
        std::string text;
        Where where;
    };
    struct Coordinate {
        Text mass, start, velocity;
    };
    struct State { ///< state ID = START (its rate line may come anywhere)
        Text start;
    };
    struct Rate { ///< rate ID = EXPR
        Name state;
        Text value;
        Where where;
    };
    struct Coupling { ///< mass A B = EXPR
        Name first, second;
        Text value;
        Where where;
    };
    struct Force {
        std::string coordinate;
        Where coordinateWhere;
        Text value;
        Where where;
    };
    struct LawValue {
        double value = 0.0;
        Where where;
        Text expression; ///< present: an expression of the parameters (a law bound to them, friction/bound_law.h)
    };
    struct Contact {
        Text slip, normal;
        bool hasLaw = false;
        Where lawWhere;
        std::map<std::string, LawValue> lawValues;
        Text kinetic, staticLimit; ///< law = custom: kinetic = EXPR, static = EXPR
        Where kineticWhere, staticWhere;
    };
    struct Output {
        std::string id, label, unit;
        Text value;
        Where where;
    };
    struct Let { ///< let ID = EXPR
        std::string id;
        Text value;
        Where where;
    };
    struct Drawing {
        fl::model::Drawing::Kind kind = fl::model::Drawing::Kind::Block;
        Name first, second;
        double at = 0.0;
        bool atGiven = false;
        double size = 0.0;
        Text speed;
        Where where;
    };
    struct Section { ///< section strobe = EXPR, section plane = EXPR direction +|-
        fl::model::Section::Kind kind = fl::model::Section::Kind::None;
        Text value;
        int direction = 1;
        Where where;
    };
    Section section;
    std::vector<Where> parameterWhere;
    std::vector<Coordinate> coordinates;
    std::vector<State> states;
    std::vector<Rate> rates;
    std::vector<Force> forces;
    std::vector<Coupling> couplings;
    std::vector<Contact> contacts;
    std::vector<Output> outputs;
    std::vector<Let> lets;
    std::vector<Drawing> drawings;
};

/// Throws the failure of the parser (model_parser.cpp catches it) unless `name` is a free
/// identifier no other declaration took: not t, wall, pi, a function or a numerics parameter's id.
void checkNewName(const std::string& name, Where where, const char* what, std::map<std::string, Where>& names);
/// Parses every pending expression into `model` and checks what needs all declarations; throws the
/// parser's failure on the first problem.
void finish(const Pending& pending, const text::LineIndex& lines, Model& model);

/// Whether the mass matrix (the coordinates' masses, the couplings) is positive definite at the
/// parameter values (slot i is parameter i).
bool massMatrixPositive(const Model& model, const std::vector<double>& parameters);

/// "a, b, c" of a list of names.
std::string joinNames(std::initializer_list<const char*> names);
/// The ids of the 1-D friction laws, for "unknown friction law" messages.
std::string lawIdList();
std::string specIdList(const ParameterSpecs& specs);

/// The failure thrown by the checks (model_parser.cpp turns it into ParsedModel::error).
struct CheckFailure {
    ModelError error;
};

} // namespace fl::model
