/// The version `scenelink --version` prints and the `Server` header carries.
public enum SceneLinkVersion {
    public static let current = "0.1.0"
}
